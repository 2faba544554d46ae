/**
 * The request counters cannot decide right now (the cluster primary does not answer): the request is
 * neither admitted nor refused for its limits, and the API answers 503 with Retry-After.
 */
export class LimitsUnavailableError extends Error {
  readonly code = 'LIMITS_UNAVAILABLE';

  constructor(message: string) {
    super(message);
    this.name = 'LimitsUnavailableError';
  }
}
