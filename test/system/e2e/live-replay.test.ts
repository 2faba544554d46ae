// Issue 20, end to end on a real server: the 2022 World Cup final (Argentina 3-3 France, 4-2 on penalties)
// replayed at high speed through `touchline serve --workers 2`'s admin listener, while one client follows
// the match's SSE stream and another polls its /live-timeline every 25 ms. Both see the six goals in
// order, the status goes live then finished, and the match and its /timeline end as they were stored.
// The real Fjelstul data from ../shared/data: skipped with a message when absent, except under CI=true.
//
// Robust on a loaded machine: nothing is timed but the order of what each client sees; every wait is
// bounded generously. The poller keeps one connection, so it sees one worker's answers in their order.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { exitWithin, runCli } from '../../support/cli.js';
import { exitIfStuck } from '../../support/production/wait.js';
import { openStream, type OpenedStream } from '../../support/stream/sse-client.js';
import { apiClient, needsFjelstul, startFjelstulServer } from '../../support/e2e/fjelstul-server.js';

after(() => exitIfStuck());

const FINAL = 'M-2022-64';
/** Match minutes per minute: the final's 148.5 match minutes (shoot-out included) in about 4.5 s. */
const SPEED = 2000;
const POLL_MS = 25;
/** Every wait's bound: generous, for a loaded 2-core machine running other test files alongside. */
const WAIT_MS = 60_000;

const GOAL_TYPES = new Set(['goal', 'penalty_goal', 'own_goal']);
const GOALS = [
  "23' Lionel Messi (Argentina)",
  "36' Ángel Di María (Argentina)",
  "80' Kylian Mbappé (France)",
  "81' Kylian Mbappé (France)",
  "108' Lionel Messi (Argentina)",
  "118' Kylian Mbappé (France)",
];
const SCORES = ['1-0', '2-0', '2-1', '2-2', '3-2', '3-3'];

interface TimelineEvent {
  id?: string;
  type: string;
  label: string | null;
  team: { id: string; name: string } | null;
  player: { id: string | null; name: string } | null;
  detail: string | null;
}

interface Timeline {
  match_id: string;
  status: string;
  attribution: Array<{ source: string }>;
  events: TimelineEvent[];
}

interface Changes {
  match_id: string;
  update_id: string;
  status?: { from: string; to: string };
  events_added?: TimelineEvent[];
  events_removed?: string[];
  correction: boolean;
  state: {
    status: string;
    home_score: number | null;
    away_score: number | null;
    score?: { penalties: { home: number; away: number } | null };
    winner?: string | null;
    decided_by?: string | null;
  };
}

/** One answer of /live-timeline as the poller saw it. */
interface Poll {
  status: string;
  goals: string[];
  sources: string[];
  events: TimelineEvent[];
}

/** `23' Lionel Messi (Argentina)` for each goal of `events`, in their order. */
function goalsOf(events: readonly TimelineEvent[]): string[] {
  return events
    .filter((e) => GOAL_TYPES.has(e.type))
    .map((e) => `${e.label} ${e.player?.name ?? '?'} (${e.team?.name ?? '?'})`);
}

/** Consecutive repeats dropped: the states passed through. */
function collapse(values: readonly string[]): string[] {
  return values.filter((v, i) => i === 0 || v !== values[i - 1]);
}

async function until(predicate: () => boolean, what: string, ms = WAIT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(POLL_MS);
  }
}

/** Opens the match's stream, again while the server answers 503 (its log not read yet at start-up). */
async function openMatchStream(url: string, key: string): Promise<OpenedStream> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const stream = await openStream(url, { authorization: `Bearer ${key}` });
    if (stream.status !== 503 || Date.now() > deadline) return stream;
    stream.close();
    await sleep(250);
  }
}

test(
  'the 2022 final replayed on a real server: the stream and a poller see it live, it ends as stored',
  { timeout: 300_000 },
  async (t) => {
    if (!needsFjelstul(t, 'the live replay of the 2022 final')) return;
    const server = await startFjelstulServer(t, {
      workers: 2,
      env: { TOUCHLINE_LIVE_POLL_MS: '50' },
    });
    const id = await server.matchId(FINAL);
    const api = apiClient(server.origin, server.key);
    t.after(() => api.close());
    const read = async <T>(url: string): Promise<T> => {
      const res = await api.get<T>(url);
      assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.body)}`);
      return res.body.data;
    };

    // The match as stored: finished 3-3, six goals, and the shoot-out's kicks (4-2) in its timeline.
    const storedMatch = await read<Record<string, unknown>>(`/football/matches/${id}`);
    delete storedMatch.updated_at;
    const storedTimeline = await read<Timeline>(`/football/matches/${id}/timeline`);
    assert.equal(storedMatch.status, 'finished');
    assert.deepEqual(
      [storedMatch.home_team, storedMatch.away_team].map((s) => {
        const side = s as { name: string; score: number };
        return `${side.name} ${side.score}`;
      }),
      ['Argentina 3', 'France 3'],
    );
    assert.deepEqual(goalsOf(storedTimeline.events), GOALS);
    const kicks = storedTimeline.events.filter((e) => e.type === 'shootout_kick' && e.detail === 'scored');
    assert.deepEqual(
      ['Argentina', 'France'].map((team) => kicks.filter((e) => e.team?.name === team).length),
      [4, 2],
      'the shoot-out: 4-2',
    );

    // The stream client, on a connection of its own (the cluster gives it to either worker).
    const stream = await openMatchStream(
      `${server.origin}/api/v1/football/live/stream?match_id=${id}`,
      server.key,
    );
    t.after(() => stream.close());
    assert.equal(stream.status, 200, stream.body);
    await stream.until(() => stream.retry !== undefined, WAIT_MS, 'the stream opened');

    // The poller: /live-timeline every 25 ms, each answer recorded, from before the replay starts.
    const polls: Poll[] = [];
    let polling = true;
    const poll = async () => {
      const res = await api.get<Timeline>(`/football/matches/${id}/live-timeline`);
      assert.equal(res.status, 200, `live-timeline: ${JSON.stringify(res.body)}`);
      const { status, attribution, events } = res.body.data;
      polls.push({ status, goals: goalsOf(events), sources: attribution.map((a) => a.source), events });
    };
    await poll();
    let pollError: unknown;
    const polled = (async () => {
      while (polling) {
        await poll();
        await sleep(POLL_MS);
      }
    })().catch((error: unknown) => void (pollError = error));
    t.after(() => void (polling = false));

    const started = performance.now();
    const replay = runCli(t, ['replay', id, '--speed', String(SPEED), '--to', server.adminUrl, '--json'], {
      DATABASE_URL: server.databaseUrl,
      TOUCHLINE_ADMIN_TOKEN: server.adminToken,
      LOG_LEVEL: 'warn',
    });
    const exit = await exitWithin(replay, 120_000);
    const replayMs = performance.now() - started;
    assert.deepEqual(exit, { code: 0, signal: null }, replay.output.stderr);
    const lines = replay.output.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { step: string; verdict: { outcome: string; seq: number } | null });
    const sent = lines.flatMap((l) => (l.verdict ? [l.verdict] : []));
    assert.ok(
      sent.every((v) => v.outcome === 'applied'),
      `every update applied: ${replay.output.stdout}`,
    );

    // Both clients until they have seen full time.
    const changes = () => stream.events.map((e) => JSON.parse(e.data) as Changes);
    await stream.until(
      () => changes().some((c) => c.status?.to === 'finished'),
      WAIT_MS,
      'full time on the stream',
    );
    const pollerDone = () => {
      if (pollError) throw pollError as Error;
      const firstLive = polls.findIndex((p) => p.status === 'live');
      return firstLive >= 0 && polls.slice(firstLive).some((p) => p.status === 'finished');
    };
    await until(pollerDone, 'the poller seeing full time after live');
    polling = false;
    await polled;
    if (pollError) throw pollError as Error;

    // The stream: every update the replay applied, once, in order, under the event ID its verdict gave.
    assert.deepEqual(
      stream.events.map((e) => [e.event, e.id]),
      sent.map((v) => ['update', String(v.seq)]),
      'each applied update is one stream event, in order',
    );
    const seen = changes();
    assert.ok(seen.every((c) => c.match_id === id));
    assert.deepEqual(
      seen.flatMap((c) => (c.status ? [`${c.status.from} -> ${c.status.to}`] : [])),
      ['finished -> scheduled', 'scheduled -> live', 'live -> finished'],
    );
    assert.equal(seen[0]!.correction, true, 'the reset is a correction');
    assert.deepEqual(seen[0]!.state, {
      ...seen[0]!.state,
      status: 'scheduled',
      home_score: 0,
      away_score: 0,
    });
    assert.deepEqual(
      seen.flatMap((c) =>
        goalsOf(c.events_added ?? []).map((g) => `${g} ${c.state.home_score}-${c.state.away_score}`),
      ),
      GOALS.map((g, i) => `${g} ${SCORES[i]}`),
      'the six goals in order, each with the score after it',
    );
    const last = seen.at(-1)!;
    assert.deepEqual(
      [last.state.status, last.state.home_score, last.state.away_score],
      ['finished', 3, 3],
      'full time: finished 3-3',
    );
    assert.deepEqual(
      [last.state.winner, last.state.decided_by, last.state.score?.penalties],
      ['home', 'penalties', { home: 4, away: 2 }],
      'and Argentina (home) winners on penalties, 4-2',
    );
    const added = seen.flatMap((c) => (c.events_added ?? []).map((e) => e.id!));
    assert.ok(added.length > 6 && added.every((e) => e.startsWith('replay-')), added.join(' '));
    assert.deepEqual([...(last.events_removed ?? [])].sort(), [...added].sort(), 'full time removes them');

    // The poller: the states it passed through, in order.
    const statuses = collapse(polls.map((p) => p.status));
    assert.ok(
      ['finished live finished', 'finished scheduled live finished'].includes(statuses.join(' ')),
      `finished (stored), live, finished: ${statuses.join(' ')}`,
    );
    const kickOff = polls.findIndex((p) => p.status !== 'finished');
    const fullTime = polls.map((p) => p.status).lastIndexOf('live') + 1;
    for (const p of polls.slice(0, kickOff)) assert.deepEqual(p.goals, GOALS, 'before the replay: as stored');
    for (const p of polls.slice(kickOff, fullTime)) {
      if (p.status === 'scheduled') {
        assert.deepEqual(p.goals, [], 'before kick-off, no goal');
      } else {
        assert.equal(p.status, 'live');
        assert.deepEqual(p.goals, GOALS.slice(0, p.goals.length), `live, the goals so far: ${p.goals}`);
        assert.ok(!p.sources.includes('fjelstul/worldcup'), 'live, the live feed’s events only');
      }
    }
    const live = polls.slice(kickOff, fullTime).filter((p) => p.status === 'live');
    const states = collapse(live.map((p) => String(p.goals.length))).map(Number);
    assert.deepEqual(
      states,
      [...states].sort((a, b) => a - b),
      `the goals only grow: ${states.join(' ')}`,
    );
    assert.ok(
      states.some((n) => n > 0 && n < GOALS.length),
      `the poller saw the match part-way: ${states.join(' ')}`,
    );
    for (const p of polls.slice(fullTime)) {
      assert.equal(p.status, 'finished');
      assert.deepEqual(p.events, storedTimeline.events, 'after full time: the stored timeline');
    }

    // And the match as stored: read after the bound on cached answers (TOUCHLINE_GENERATION_POLL_MS,
    // 1 s), on a connection of its own.
    await sleep(1500);
    const fresh = apiClient(server.origin, server.key);
    t.after(() => fresh.close());
    const match = await fresh.get<Record<string, unknown>>(`/football/matches/${id}`);
    delete match.body.data.updated_at;
    assert.deepEqual(match.body.data, storedMatch, 'the match as stored');
    const timeline = await fresh.get<Timeline>(`/football/matches/${id}/timeline`);
    assert.deepEqual(timeline.body.data, storedTimeline, 'its timeline as stored, shoot-out included');

    t.diagnostic(
      `replay of ${sent.length} updates at speed ${SPEED}: ${(replayMs / 1000).toFixed(1)} s with the ` +
        `command's start; stream: ${stream.events.length} events; poller: ${polls.length} answers, ` +
        `statuses ${statuses.join(' -> ')}, live goal counts ${states.join(' -> ')}`,
    );
  },
);
