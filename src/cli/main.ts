#!/usr/bin/env node
import { ConfigError, loadConfig } from '../config/config.js';
import { runCommand } from './commands.js';
import { UsageError } from './usage-error.js';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`touchline: invalid configuration: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  try {
    return await runCommand(process.argv.slice(2), config);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`touchline: ${error.message}\n\n${UsageError.usage}\n`);
      return 2;
    }
    process.stderr.write(`touchline: ${(error as Error).message}\n`);
    return 1;
  }
}

main().then(
  (code) => {
    if (code !== -1) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`touchline: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
