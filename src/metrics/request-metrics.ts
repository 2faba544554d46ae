import { Counter, Histogram, type Registry } from 'prom-client';

/** Request durations in seconds: a cached answer takes well under a millisecond, a cold page a few. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** The label of a request no route matched: one value, so that made-up paths add no series. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * What the metrics read of an answered request. Declared here rather than imported from the API's
 * AnsweredRequest (src/api/answered-request.ts), which has these fields and more: metrics/ sits below
 * api/ and takes no import from it.
 */
export interface MeasuredAnswer {
  route: string;
  method: string;
  status: number;
  seconds: number;
}

type CounterChild = ReturnType<Counter<string>['labels']>;
type HistogramChild = ReturnType<Histogram<string>['labels']>;

/**
 * What a serving process counts of its requests: requests by route pattern, method and status, their durations by route, cache
 * hits and misses, and admission's refusals by reason (a key's: missing, malformed, invalid, revoked,
 * expired, unknown_plan; a limit's: rate, quota), counted where admission decides, once per request. Labels hold route patterns, never URLs, so series are bounded by the route table.
 * Each label set's child is looked up once and kept: a request costs a map lookup and two increments.
 */
export class RequestMetrics {
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly durations: Histogram<'route'>;
  private readonly cache: Counter<'result'>;
  private readonly refusals: Counter<'reason'>;
  private readonly refusalChildren = new Map<string, CounterChild>();
  private readonly requestChildren = new Map<string, CounterChild>();
  private readonly durationChildren = new Map<string, HistogramChild>();
  private readonly hits: CounterChild;
  private readonly misses: CounterChild;

  constructor(registry: Registry) {
    this.requests = new Counter({
      name: 'touchline_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      registers: [registry],
    });
    this.durations = new Histogram({
      name: 'touchline_http_request_duration_seconds',
      help: 'Time from the request head to the answer, by route pattern',
      labelNames: ['route'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    this.cache = new Counter({
      name: 'touchline_response_cache_total',
      help: 'Cacheable answers found in the response cache (hit) or read from the database (miss)',
      labelNames: ['result'],
      registers: [registry],
    });
    this.refusals = new Counter({
      name: 'touchline_admission_refusals_total',
      help: 'Requests refused by admission, by reason (a key refusal, or the limit exceeded: rate, quota)',
      labelNames: ['reason'],
      registers: [registry],
    });
    this.hits = this.cache.labels('hit');
    this.misses = this.cache.labels('miss');
  }

  /** One answered request; `route` is its route pattern, or UNMATCHED_ROUTE. */
  readonly answered = ({ route, method, status, seconds }: MeasuredAnswer): void => {
    const key = `${method} ${status} ${route}`;
    let count = this.requestChildren.get(key);
    if (!count) this.requestChildren.set(key, (count = this.requests.labels(route, method, String(status))));
    count.inc();
    let duration = this.durationChildren.get(route);
    if (!duration) this.durationChildren.set(route, (duration = this.durations.labels(route)));
    duration.observe(seconds);
  };

  cacheHit(): void {
    this.hits.inc();
  }

  cacheMiss(): void {
    this.misses.inc();
  }

  refused(reason: string): void {
    let child = this.refusalChildren.get(reason);
    if (!child) this.refusalChildren.set(reason, (child = this.refusals.labels(reason)));
    child.inc();
  }
}
