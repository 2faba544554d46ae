import type { Config } from '../../config/config.js';
import { evaluate, fitSamples } from '../../ratings/evaluation.js';
import { storedForecasts } from '../../ratings/evaluation-input.js';
import { fitOutcomeModel } from '../../ratings/outcome-model.js';
import { RULES_OF, type RatingSystem } from '../../ratings/rating-rules.js';
import { printJson } from '../json-output.js';
import { withStorage } from '../with-storage.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const f4 = (v: number) => v.toFixed(4);

/** `touchline ratings evaluate`: Brier score and log loss of the stored predictions against the base rates. */
export async function ratingsEvaluateCommand(
  config: Readonly<Config>,
  options: { type: RatingSystem; json?: boolean },
): Promise<number> {
  return withStorage(config, async ({ db }) => {
    const rules = RULES_OF[options.type];
    const scores = evaluate(await storedForecasts(db, options.type), rules);
    if (options.json) {
      printJson(scores);
      return 0;
    }
    out(`${options.type} ratings: predictions before kick-off against the base rates (lower is better)`);
    out(['group', 'matches', 'brier', 'base brier', 'skill', 'log loss', 'base log loss'].join('\t'));
    for (const s of scores) {
      out(
        [
          s.group,
          s.matches,
          f4(s.brier),
          f4(s.baseBrier),
          `${(s.brierSkill * 100).toFixed(1)}%`,
          f4(s.logLoss),
          f4(s.baseLogLoss),
        ].join('\t'),
      );
    }
    return 0;
  });
}

/**
 * `touchline ratings fit`: the outcome model fitted by maximum likelihood on the matches dated from..until
 * (exclusive), printed for the rules file; it changes nothing.
 */
export async function ratingsFitCommand(
  config: Readonly<Config>,
  options: { type: RatingSystem; from: string; until: string },
): Promise<number> {
  return withStorage(config, async ({ db }) => {
    const list = (await storedForecasts(db, options.type)).filter(
      (f) => f.match.date >= options.from && f.match.date < options.until,
    );
    if (list.length === 0) {
      process.stderr.write(
        `ratings fit: no rated ${options.type} match from ${options.from} until ${options.until}\n`,
      );
      return 1;
    }
    printJson({
      matches: list.length,
      ...fitOutcomeModel(fitSamples(list), RULES_OF[options.type].elo.scale),
    });
    return 0;
  });
}
