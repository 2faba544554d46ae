/** One GET with a bounded wait: its status, JSON body (or null), headers and how long it took. */
export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  headers: Headers;
  ms: number;
}

export async function get(url: string, key?: string, timeoutMs = 5000): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(url, {
    headers: key ? { authorization: `Bearer ${key}` } : {},
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = null;
  }
  return { status: res.status, body, headers: res.headers, ms: Date.now() - started };
}

/** `body.error.code` of an error envelope. */
export function errorCode(answer: Answer): unknown {
  return (answer.body?.error as { code?: unknown } | undefined)?.code;
}
