/**
 * Win, draw and loss probabilities from a rating difference: an ordered logit. A latent strength
 * difference z = slope·d + ε (d the Elo difference over 400, home advantage included; ε logistic) falls
 * below `awayCut` for an away win, above `drawCut` for a home win, between them for a draw:
 *   P(away) = σ(awayCut − slope·d), P(away or draw) = σ(drawCut − slope·d).
 * The three numbers are fitted by maximum likelihood on past matches (fitOutcomeModel, run by
 * `touchline ratings fit`), and stored with the rules (rating-rules.ts) saying on which matches.
 */

export interface OutcomeModel {
  kind: 'ordered-logit';
  slope: number;
  awayCut: number;
  drawCut: number;
}

export interface Probabilities {
  home_win: number;
  draw: number;
  away_win: number;
}

export type Outcome = 'home' | 'draw' | 'away';

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** The probabilities for a home side `difference` rating points stronger (its home advantage included). */
export function outcomeProbabilities(difference: number, model: OutcomeModel, scale = 400): Probabilities {
  const x = model.slope * (difference / scale);
  const away = sigmoid(model.awayCut - x);
  const awayOrDraw = sigmoid(model.drawCut - x);
  return { home_win: 1 - awayOrDraw, draw: awayOrDraw - away, away_win: away };
}

/** The probabilities rounded to 4 places, the home win's taken as what the others leave, so they sum to 1. */
export function roundedProbabilities(p: Probabilities): Probabilities {
  const draw = Math.round(p.draw * 10000) / 10000;
  const away = Math.round(p.away_win * 10000) / 10000;
  return { home_win: Math.round((1 - draw - away) * 10000) / 10000, draw, away_win: away };
}

export interface FitSample {
  /** The rating difference, home advantage included. */
  difference: number;
  outcome: Outcome;
}

function logLikelihood(
  samples: readonly FitSample[],
  [slope, awayCut, gap]: readonly number[],
  scale: number,
) {
  const model: OutcomeModel = {
    kind: 'ordered-logit',
    slope: slope!,
    awayCut: awayCut!,
    drawCut: awayCut! + Math.exp(gap!),
  };
  let sum = 0;
  for (const s of samples) {
    const p = outcomeProbabilities(s.difference, model, scale);
    sum += Math.log(
      Math.max(s.outcome === 'home' ? p.home_win : s.outcome === 'draw' ? p.draw : p.away_win, 1e-300),
    );
  }
  return sum;
}

/**
 * The maximum-likelihood model for `samples`: Newton's method on (slope, awayCut, log(drawCut − awayCut)),
 * derivatives by central differences (three parameters, a concave likelihood: a few steps converge), each
 * step halved until the likelihood rises.
 */
export function fitOutcomeModel(samples: readonly FitSample[], scale = 400): OutcomeModel {
  let theta = [1, -0.5, Math.log(1)];
  const h = 1e-4;
  const f = (t: readonly number[]) => logLikelihood(samples, t, scale);
  for (let iteration = 0; iteration < 50; iteration++) {
    const at = (i: number, d: number) => theta.map((v, j) => (j === i ? v + d : v));
    const base = f(theta);
    const grad = theta.map((_, i) => (f(at(i, h)) - f(at(i, -h))) / (2 * h));
    const hess = theta.map((_, i) =>
      theta.map((__, j) => {
        const pp = f(theta.map((v, k) => v + (k === i ? h : 0) + (k === j ? h : 0)));
        const pm = f(theta.map((v, k) => v + (k === i ? h : 0) - (k === j ? h : 0)));
        const mp = f(theta.map((v, k) => v - (k === i ? h : 0) + (k === j ? h : 0)));
        const mm = f(theta.map((v, k) => v - (k === i ? h : 0) - (k === j ? h : 0)));
        return (pp - pm - mp + mm) / (4 * h * h);
      }),
    );
    let step = solve3(hess, grad).map((v) => -v);
    if (step.some((v) => !Number.isFinite(v))) step = grad.map((g) => g * 1e-4);
    let scaleStep = 1;
    let next = theta;
    while (scaleStep > 1e-6) {
      next = theta.map((v, i) => v + scaleStep * step[i]!);
      if (f(next) > base) break;
      scaleStep /= 2;
    }
    if (scaleStep <= 1e-6) break;
    const moved = Math.max(...next.map((v, i) => Math.abs(v - theta[i]!)));
    theta = next;
    if (moved < 1e-9) break;
  }
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    kind: 'ordered-logit',
    slope: round(theta[0]!),
    awayCut: round(theta[1]!),
    drawCut: round(theta[1]! + Math.exp(theta[2]!)),
  };
}

/** Solves a 3×3 system by Gaussian elimination with partial pivoting. */
function solve3(a: readonly (readonly number[])[], b: readonly number[]): number[] {
  const m = a.map((row, i) => [...row, b[i]!]);
  const n = m.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = col + 1; r < n; r++) {
      const factor = m[r]![col]! / m[col]![col]!;
      for (let c = col; c <= n; c++) m[r]![c]! -= factor * m[col]![c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = m[r]![n]!;
    for (let c = r + 1; c < n; c++) sum -= m[r]![c]! * x[c]!;
    x[r] = sum / m[r]![r]!;
  }
  return x;
}
