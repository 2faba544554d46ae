import { InvalidArgumentError } from 'commander';
import { parseDuration, parseWorkerCount } from '../../config/config.js';

// Option and argument values checked while the command line is parsed: a bad one is a usage error
// (exit 2, with the command's help) before any database is opened.

export function duration(raw: string): number {
  const ms = parseDuration(raw);
  if (ms === undefined) throw new InvalidArgumentError('It needs a duration such as 30s, 10m or 1h.');
  return ms;
}

export function wholeNumber(min: number, max: number): (raw: string) => number {
  return (raw) => {
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new InvalidArgumentError(`It must be a whole number from ${min} to ${max}.`);
    }
    return Number(raw);
  };
}

export function runId(raw: string): number {
  if (!/^\d+$/.test(raw)) throw new InvalidArgumentError('A run id is a whole number (see touchline runs).');
  return Number(raw);
}

export function workerCount(raw: string): number {
  try {
    return parseWorkerCount(raw, '--workers');
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

export function keyName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw new InvalidArgumentError('A key needs a name that is not blank.');
  return name;
}
