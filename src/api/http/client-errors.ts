import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, errorEnvelope } from '../errors/catalogue.js';

/** What Node's parser or timers found wrong with a request, as the API's error. */
function clientError(code: string | undefined): ApiError {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiError('request_timeout', 'The request was not received in time.', {});
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return new ApiError('headers_too_large', 'The request head is larger than 16 KB.', {});
  }
  return new ApiError('malformed_request', 'The request is not valid HTTP/1.1.', {
    reason: code ?? 'unknown',
  });
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses (a malformed or ambiguous head, a head
 * over the size limit, a client too slow to send it) gets the status Node would give, in the API's
 * envelope, with `Connection: close`, and its connection is closed: nothing else can be read from it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const apiError = clientError(error.code);
    const body = JSON.stringify(errorEnvelope(apiError));
    socket.write(
      `HTTP/1.1 ${apiError.statusCode} ${STATUS_CODES[apiError.statusCode]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
