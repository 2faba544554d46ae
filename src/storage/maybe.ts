/**
 * A value that may still be on its way. SQLite runs in process, so a read there has its rows at once;
 * PostgreSQL's arrive later. Reads are written once over this type: they return rows where the engine
 * has them, a promise where it does not, and code built on them (a route's answer) completes in the same
 * turn on SQLite and later on PostgreSQL, from the same lines.
 */
export type Maybe<T> = T | Promise<T>;

export function isPromise<T>(value: Maybe<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** `next` applied to `value` now when it is at hand, else when it arrives. */
export function then<T, U>(value: Maybe<T>, next: (value: T) => Maybe<U>): Maybe<U> {
  return isPromise(value) ? value.then(next) : next(value);
}

/**
 * A computation written as a generator that waits on reads with `yield* wait(read)`: `run` resumes it
 * at once with values at hand and after a promise settles with the others, so its code reads as an
 * async function does, without an async function's turn through the microtask queue on SQLite.
 */
export type Steps<T> = Generator<unknown, T, unknown>;

/** Waits in a `Steps` generator for `value`, typed: `const rows = yield* wait(readRows(...))`. */
export function* wait<T>(value: Maybe<T>): Generator<Maybe<T>, T, unknown> {
  return (yield value) as T;
}

/**
 * Runs `steps` to its end: synchronously while every value it waits on is at hand, returning its result
 * (or throwing what it throws); otherwise a promise of its result.
 */
export function run<T>(steps: Steps<T>): Maybe<T> {
  return advance(steps, () => steps.next());
}

function advance<T>(steps: Steps<T>, resume: () => IteratorResult<unknown, T>): Maybe<T> {
  for (;;) {
    const step = resume();
    if (step.done) return step.value;
    const value = step.value;
    if (isPromise(value)) {
      return value.then(
        (arrived) => advance(steps, () => steps.next(arrived)),
        (error: unknown) => advance(steps, () => steps.throw(error)),
      );
    }
    resume = () => steps.next(value);
  }
}
