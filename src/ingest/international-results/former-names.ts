import { eachRow, RowError, type Sheet } from './files.js';
import { calendarDate } from './values.js';

interface Period {
  former: string;
  from: string;
  to: string;
}

/**
 * former_names.csv: the source names every team by its current name ("Northern Ireland" in 1882), and
 * lists the names teams played under before (`current, former, start_date, end_date`, both dates
 * included). This says which former name, if any, a team played under on a date.
 */
export class FormerNames {
  private readonly byCurrent = new Map<string, Period[]>();

  /** Reads the file; a row without a name or with a bad date is rejected. */
  load(sheet: Sheet): void {
    sheet.outcome.reference = true;
    eachRow(sheet, (row) => {
      const current = row.required('current');
      const former = row.required('former');
      const from = calendarDate(row.text('start_date'), 'start_date');
      const to = calendarDate(row.text('end_date'), 'end_date');
      if (to < from) throw new RowError(`end_date ${to} is before start_date ${from}`);
      const periods = this.byCurrent.get(current) ?? [];
      periods.push({ former, from, to });
      this.byCurrent.set(current, periods);
    });
  }

  /** The name the team now called `current` played under on `date`, when it was another. */
  on(current: string, date: string): string | undefined {
    return this.byCurrent.get(current)?.find((p) => p.from <= date && date <= p.to)?.former;
  }
}
