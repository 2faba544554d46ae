export interface BillingPeriod {
  start: Date;
  end: Date;
}

function periodStartIn(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month, day));
}

/**
 * The billing period containing `now`: calendar months in UTC, or months starting on `anchorDay`
 * (1-28) at 00:00 UTC when the subscription has one.
 */
export function billingPeriod(now: Date, anchorDay: number | null): BillingPeriod {
  const day = anchorDay ?? 1;
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const thisMonth = periodStartIn(y, m, day);
  const start = now >= thisMonth ? thisMonth : periodStartIn(y, m - 1, day);
  return { start, end: periodStartIn(start.getUTCFullYear(), start.getUTCMonth() + 1, day) };
}
