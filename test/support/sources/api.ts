// The HTTP app over a database a test filled itself, with one valid key; requests through app.inject.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { issueApiKey } from '../../../src/auth/api-keys.js';
import type { Storage } from '../../../src/storage/connection.js';
import { insertApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import { appOnStorage } from '../test-app.js';

export interface Api {
  app: FastifyInstance;
  /** GET `/api/v1<path>` with the key; fails unless the answer is 200. Returns the parsed body. */
  get<T = Record<string, unknown>>(path: string): Promise<T>;
  /** GET with the key, whatever the status. */
  request(path: string): Promise<{ status: number; body: unknown }>;
  /** GET with the key: the answer as sent, its body as text (to compare bytes). */
  raw(path: string): Promise<LightMyRequestResponse>;
  /** Re-reads the dataset generation, so answers cached before an ingestion are not served after it. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

export async function openApi(storage: Storage): Promise<Api> {
  const issued = issueApiKey('development', 'sources tests', new Date());
  await insertApiKey(storage.db, issued.row);
  const { app, cache, generation } = await appOnStorage(storage);
  const request = async (path: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1${path}`,
      headers: { authorization: `Bearer ${issued.key}` },
    });
    return { status: res.statusCode, body: res.json() as unknown };
  };
  const raw = (path: string) =>
    app.inject({ method: 'GET', url: `/api/v1${path}`, headers: { authorization: `Bearer ${issued.key}` } });
  return {
    app,
    request,
    raw,
    async get<T>(path: string) {
      const res = await request(path);
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as T;
    },
    async refresh() {
      await generation.refresh();
      await cache.clear();
    },
    close: () => app.close(),
  };
}
