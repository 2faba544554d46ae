/**
 * Where a run reports what it is doing: the phase it is in, and within a phase that can count its work,
 * how far it is (files normalized, write steps done). The command line draws it (src/cli/progress-output.ts):
 * a bar with counts and an estimate on a terminal, plain lines otherwise.
 */
export interface Progress {
  step(label: string): void;
  /** `done` of `total` `unit`s (files unless said), the latest being `label`. */
  advance(done: number, total: number, label: string, unit?: string): void;
  done(): void;
}
