#!/usr/bin/env node
import { CommanderError } from 'commander';
import { ConfigError } from '../config/config.js';
import { exitQuietlyOnClosedOutput } from './closed-output.js';
import { buildProgram } from './program/program.js';
import { USAGE_EXIT_CODE } from './usage-error.js';

/** Runs the command line; its exit status, or undefined when the command has set it (or runs on). */
async function main(argv: string[]): Promise<number | undefined> {
  const program = buildProgram();
  if (argv.length === 0) {
    // Asking for nothing is asking what there is, not a mistake.
    program.outputHelp();
    return 0;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return undefined;
  } catch (error) {
    // Commander has printed its message (help, version, or a usage error with the command's help).
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : USAGE_EXIT_CODE;
    if (error instanceof ConfigError) {
      process.stderr.write(`touchline: invalid configuration: ${error.message}\n`);
      return 1;
    }
    process.stderr.write(`touchline: ${(error as Error).message}\n`);
    return 1;
  }
}

exitQuietlyOnClosedOutput();
main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`touchline: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
