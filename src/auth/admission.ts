import type { Environment } from '../config/config.js';
import type { Plan } from '../config/plans.js';
import { billingPeriod, type BillingPeriod } from '../limits/billing-period.js';
import type { LimitDecision, LimitRequest, LimitStore } from '../limits/limit-store.js';
import type { ApiKeyRow } from '../storage/repositories/api-key.repository.js';
import { judgeApiKey, keyPrefixFor, type KeyVerdict } from './api-keys.js';
import { bearerToken } from './bearer-token.js';
import type { KeyDirectory } from './key-directory.js';
import { then, type Maybe } from '../storage/maybe.js';

/** Why a request is not let in before its limits are looked at. */
export type Refusal = 'missing' | 'malformed' | Exclude<KeyVerdict, 'valid'> | 'unknown_plan';

export interface Refused {
  kind: 'refused';
  refusal: Refusal;
}

/** A request whose key lets it in, with what its limits are counted on. */
export interface Identified {
  kind: 'identified';
  key: ApiKeyRow;
  plan: Plan;
  period: BillingPeriod;
}

/** A request counted against its key's limits: refused for one (429), or admitted and counted. */
export interface Counted extends Omit<Identified, 'kind'> {
  kind: 'limited' | 'admitted';
  decision: LimitDecision;
}

/** What admission decides: refused for the key, refused for a limit (429), or admitted and counted. */
export type Verdict = Refused | Counted;

/**
 * What a request is counted against: `request`, the minute window and the billing-period quota (every
 * answer unless said otherwise); `window`, the minute window only, so that it is neither refused for
 * the quota nor takes from it (a usage check, a 304: see docs/api.md).
 */
export type Charge = 'request' | 'window';

const REFUSED = new Map<Refusal, Refused>();
function refused(refusal: Refusal): Refused {
  let verdict = REFUSED.get(refusal);
  if (!verdict) REFUSED.set(refusal, (verdict = { kind: 'refused', refusal }));
  return verdict;
}

/** Every key is its environment's prefix and 32 characters: anything else is no key, without a lookup. */
const KEY_LENGTH = 37;

export interface AdmissionDeps {
  keys: KeyDirectory;
  limits: LimitStore;
  plans: readonly Plan[];
  env: Environment;
  /** Told of every request turned away, with the refusal or the limit exceeded (for metrics). */
  onRefusal?: (reason: Refusal | 'rate' | 'quota') => void;
}

/**
 * The one way a request is let in (the admission hook, plugins/admission.ts): token → key → verdict →
 * plan → billing period → limit decision. It comes in two steps, identifying then counting, so that a
 * route may identify a request by a credential of its own (a stream token) and have it counted like any
 * other. Each step answers at once where it can (a key already known, limits decided in this process
 * or from a lease), so that the callback hook costs no promise then, and later where it cannot.
 */
export class Admission {
  private readonly plans: Map<string, Plan>;
  private readonly prefix: string;
  /** A key's billing period changes once a month: computed again only when `now` leaves it. */
  private readonly periods = new Map<string, BillingPeriod>();

  constructor(private readonly deps: AdmissionDeps) {
    this.plans = new Map(deps.plans.map((plan) => [plan.name, plan]));
    this.prefix = keyPrefixFor(deps.env);
  }

  /** The token, or the refusal of a header that cannot hold a key of this server. */
  private token(authorization: string | undefined): string | Refused {
    const token = bearerToken(authorization);
    if (token === undefined) return refused(authorization ? 'malformed' : 'missing');
    // The other environment's keys and made-up ones are invalid whatever the database holds.
    if (token.length !== KEY_LENGTH || !token.startsWith(this.prefix)) return refused('invalid');
    return token;
  }

  private judge(token: string, key: ApiKeyRow | null, now: number): Identified | Refused {
    const verdict = judgeApiKey(token, key ?? undefined, this.deps.env, now);
    if (verdict !== 'valid') return refused(verdict);
    const plan = this.plans.get(key!.plan);
    if (!plan) return refused('unknown_plan');
    return { kind: 'identified', key: key!, plan, period: this.periodOf(key!, now) };
  }

  private periodOf(key: ApiKeyRow, now: number): BillingPeriod {
    let period = this.periods.get(key.id);
    if (!period || now >= period.end.getTime() || now < period.start.getTime()) {
      period = billingPeriod(new Date(now), key.billing_anchor_day);
      if (this.periods.size >= 10_000) this.periods.clear();
      this.periods.set(key.id, period);
    }
    return period;
  }

  /** A verdict as it leaves admission: a refusal is reported once, where it is decided. */
  private decided<T extends Identified | Verdict>(verdict: T): T {
    if (verdict.kind === 'refused') this.deps.onRefusal?.(verdict.refusal);
    else if (verdict.kind === 'limited') this.deps.onRefusal?.(verdict.decision.exceeded ?? 'rate');
    return verdict;
  }

  /** Who presents `authorization`: at once where the key is known or storage answers at once, else later. */
  identify(authorization: string | undefined, now: number): Maybe<Identified | Refused> {
    const token = this.token(authorization);
    if (typeof token !== 'string') return this.decided(token);
    return then(this.deps.keys.find(token, now), (key) => this.decided(this.judge(token, key, now)));
  }

  /**
   * A key found by its ID rather than by a secret presented (a stream token names it: src/api/stream),
   * judged as its current secret would be, so that a key revoked, expired or deactivated, or moved to a
   * plan no longer offered, since the token was issued is refused as it would be.
   */
  identifyKey(key: ApiKeyRow | undefined, now: number): Identified | Refused {
    if (!key) return this.decided(refused('invalid'));
    return this.decided(this.judge(this.prefix, key, now));
  }

  /** Counts an identified request: at once where its limits are decided at once, else later. */
  count(who: Identified, now: number, charge: Charge = 'request'): Maybe<Verdict> {
    return then(this.deps.limits.consume(limitRequest(who, now, charge)), (decision) =>
      this.decided(counted(who, decision)),
    );
  }
}

function limitRequest(who: Identified, now: number, charge: Charge): LimitRequest {
  const request: LimitRequest = { keyId: who.key.id, plan: who.plan, period: who.period, now };
  if (charge === 'window') request.windowOnly = true;
  return request;
}

function counted(who: Identified, decision: LimitDecision): Counted {
  const { key, plan, period } = who;
  return { kind: decision.allowed ? 'admitted' : 'limited', key, plan, period, decision };
}
