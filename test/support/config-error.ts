import assert from 'node:assert/strict';
import { ConfigError } from '../../src/config/config.js';

/** The ConfigError `run` throws; fails when it throws nothing or something else. */
export function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ConfigError, `a ConfigError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a ConfigError');
}
