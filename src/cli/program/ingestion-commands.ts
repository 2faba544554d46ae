import { Argument, Option, type Command } from 'commander';
import { DEFAULT_LOCK_WAIT, DEFAULT_LOCK_WAIT_MS } from '../lock-wait.js';
import { action } from './action.js';
import { jsonOption } from './json-option.js';
import { duration, runId } from './option-values.js';
import { SOURCE_NAMES } from './source-names.js';

const waitOption = () =>
  new Option('--wait <duration>', 'how long to wait for another ingestion to finish')
    .argParser(duration)
    .default(DEFAULT_LOCK_WAIT_MS, DEFAULT_LOCK_WAIT);

const quietOption = () => new Option('--quiet', 'no progress on stderr');

export function addIngestionCommands(program: Command): void {
  program
    .command('ingest')
    .summary('import a source in one transaction')
    .description(
      'Import a source from a folder, a single file, a .tar.gz or .zip archive, an http(s) URL to ' +
        'any of these, or standard input (--from -), in one transaction; only the difference is written.',
    )
    .addArgument(new Argument('<source>', 'the source').choices(SOURCE_NAMES))
    .addOption(
      new Option(
        '--from <location>',
        'where to read it (- for standard input; default: the source’s public repository, docs/sources.md)',
      ),
    )
    .addOption(new Option('--clubs <location>', 'openfootball/clubs (default: TOUCHLINE_CLUBS)'))
    .addOption(waitOption())
    .addOption(quietOption())
    .addOption(jsonOption())
    .action(
      action<{ from?: string; clubs?: string; quiet?: boolean; wait: number; json?: boolean }>(
        async (config, [source], options) =>
          (await import('../commands/ingest.js')).ingestCommand(config, source as string, options),
      ),
    );

  program
    .command('refresh')
    .summary('one refresh pass over TOUCHLINE_SOURCES')
    .description(
      'One refresh pass over TOUCHLINE_SOURCES (or the sources named): an artifact already ingested ' +
        '(HTTP 304, same SHA-256) is recorded as an unchanged run, not parsed. Exit 75 when --if-idle ' +
        'skipped a source.',
    )
    .argument('[sources...]', 'sources TOUCHLINE_SOURCES configures (default: all of them)')
    .addOption(new Option('--force', 'ingest even an unchanged artifact'))
    .addOption(new Option('--if-idle', 'skip, instead of waiting, when another ingestion is running'))
    .addOption(waitOption())
    .addOption(quietOption())
    .addOption(jsonOption())
    .action(
      action<{ force?: boolean; ifIdle?: boolean; quiet?: boolean; wait: number; json?: boolean }>(
        async (config, [sources], options) =>
          (await import('../commands/refresh.js')).refreshCommand(
            config,
            (sources as string[] | undefined) ?? [],
            options,
          ),
      ),
    );

  program
    .command('runs')
    .summary('list ingestion runs, or show one')
    .description(
      'List the 50 newest ingestion runs (succeeded, unchanged, failed), or show one with its ' +
        'artifacts (SHA-256, bytes, retrieval time, counts) and every rejected record with its reason.',
    )
    .argument('[id]', 'a run id', runId)
    .addOption(jsonOption())
    .action(
      action<{ json?: boolean }>(async (config, [id], options) =>
        (await import('../commands/runs.js')).runsCommand(config, id as number | undefined, options),
      ),
    );
}
