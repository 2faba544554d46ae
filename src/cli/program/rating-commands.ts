import { Option, type Command } from 'commander';
import { action } from './action.js';

const typeOption = () =>
  new Option('--type <type>', 'national or club').choices(['national', 'club']).default('national');

export function addRatingCommands(program: Command): void {
  const ratings = program.command('ratings').summary('evaluate the team ratings and their predictions');
  ratings
    .command('evaluate')
    .summary('Brier score and log loss of the predictions over finished matches')
    .description(
      'Scores each finished, rated match’s prediction (from the ratings before its kick-off, as ' +
        '/football/matches/{id}/prediction gives it) against the base rates (the home, draw and away ' +
        'frequencies), overall, since 2000, by decade and by competition class (docs/ratings.md).',
    )
    .addOption(typeOption())
    .addOption(new Option('--json', 'print JSON'))
    .action(
      action<{ type: 'national' | 'club'; json?: boolean }>(async (config, _args, options) =>
        (await import('../commands/ratings.js')).ratingsEvaluateCommand(config, options),
      ),
    );
  ratings
    .command('fit')
    .summary('fit the outcome model on a range of past matches and print it')
    .addOption(typeOption())
    .addOption(new Option('--from <date>', 'first match date, inclusive').default('1950-01-01'))
    .addOption(new Option('--until <date>', 'last match date, exclusive').default('2000-01-01'))
    // The model is printed as JSON either way, for the rules file; --json is taken, as by every command.
    .addOption(new Option('--json', 'print JSON (as without it)'))
    .action(
      action<{ type: 'national' | 'club'; from: string; until: string; json?: boolean }>(
        async (config, _args, options) =>
          (await import('../commands/ratings.js')).ratingsFitCommand(config, options),
      ),
    );
}
