// Webhook delivery on the engine under test (both in `npm test`): events written to the outbox in the
// transaction of a live update or an ingestion run, delivered by the worker in order, each verified by the
// standardwebhooks library; a receiver failing for 30 s (mocked time) gets every event once it recovers; a
// crash after a receiver took an event delivers it again under the same webhook-id; a lease keeps a
// subscription to one worker; a run of failures disables it until its owner enables it; filters; redelivery.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyMatchUpdate } from '../../../src/live/apply-update.js';
import { DEFAULT_PLANS } from '../../../src/config/plans.js';
import { claimSubscriptions } from '../../../src/storage/repositories/webhook-outbox.repository.js';
import { DeliveryWorker } from '../../../src/webhooks/delivery-worker.js';
import { FAILURES_TO_DISABLE } from '../../../src/webhooks/retry-schedule.js';
import { sendWebhook, type Delivery } from '../../../src/webhooks/send-webhook.js';
import { TargetPolicy } from '../../../src/webhooks/target-policy.js';
import { API } from '../../support/api-contract.js';
import { buildTestApp, reingestFixture } from '../../support/build-app.js';
import { appOnStorage } from '../../support/test-app.js';
import { startReceiver, verified, type Received } from '../../support/webhook-receiver.js';

type Event = { type: string; cursor: string; data: Record<string, unknown> } & Record<string, unknown>;

test('webhook delivery', async (t) => {
  const built = await buildTestApp(t);
  const { storage, auth, ids } = built;
  const db = storage.db;
  const receiver = await startReceiver();
  t.after(() => receiver.close());
  const policy = new TargetPolicy({ allowHttp: true, allowHosts: ['127.0.0.1'] });
  const { app } = await appOnStorage(storage, { webhooks: { policy } });
  t.after(() => app.close());

  // Mocked time: the workers' clock, moved by the tests; near the real time so that the library's
  // five-minute tolerance of webhook-timestamp holds.
  let now = Date.now();
  const clock = () => new Date(now);
  const worker = (options: Partial<ConstructorParameters<typeof DeliveryWorker>[0]> = {}) =>
    new DeliveryWorker({ db, policy, plans: DEFAULT_PLANS, clock, random: () => 0.5, ...options });

  const subscribe = async (body: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: `${API}/webhooks`,
      payload: { url: receiver.url, ...body },
      headers: auth(),
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().data as { id: string; secret: string };
  };
  const subscription = (id: string) =>
    db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mark = () => receiver.received.length;
  const since = (from: number): Received[] => receiver.received.slice(from);
  let sequence = 0;
  const apply = async (update: Record<string, unknown>) => {
    sequence += 1;
    const verdict = await applyMatchUpdate(
      storage,
      { update_id: `u${sequence}`, match: ids.matches.scheduled, sequence, ...update },
      'test',
      new Date(now),
    );
    assert.equal(verdict.outcome, 'applied', JSON.stringify(verdict));
  };

  await t.test(
    'a live match: status changes, goals, cards and corrections, once each, in order, signed',
    async () => {
      const goals = await subscribe({
        event_types: ['match.status_changed', 'match.goal', 'match.card'],
        match_id: ids.matches.scheduled,
      });
      const from = mark();
      await apply({ status: 'live' });
      await apply({
        score: { home: 1, away: 0 },
        events: [{ id: 'g1', type: 'goal', minute: 23, team: 'home', player: 'Erling Haaland' }],
      });
      await apply({
        events: [{ id: 'c1', type: 'yellow_card', minute: 30, team: 'away', player: 'Declan Rice' }],
      });
      // The goal corrected (its minute), the card deleted.
      await apply({
        events: [{ id: 'g1', type: 'goal', minute: 24, team: 'home', player: 'Erling Haaland' }],
        remove_events: ['c1'],
        correction: true,
      });
      await apply({ status: 'finished' });
      const outbox = await db.selectFrom('webhook_outbox').select('type').orderBy('seq').execute();
      assert.ok(outbox.length >= 6, 'written in the updates’ transactions');

      await worker().drain();
      const got = since(from).map((r) => ({ r, event: verified(goals.secret, r) as Event }));
      assert.deepEqual(
        got.map(({ event }) => [
          event.type,
          (event.data.action as string) ?? (event.data.status as { to: string }).to,
        ]),
        [
          ['match.status_changed', 'live'],
          ['match.goal', 'added'],
          ['match.card', 'added'],
          ['match.goal', 'changed'],
          ['match.card', 'removed'],
          ['match.status_changed', 'finished'],
        ],
      );
      const ids_ = got.map(({ r }) => String(r.headers['webhook-id']));
      assert.equal(new Set(ids_).size, ids_.length, 'one webhook-id per event');
      const goal = got[1]!.event.data;
      assert.equal((goal.match as { id: string }).id, ids.matches.scheduled, 'the match resource');
      assert.deepEqual((goal.event as { id: string; minute: number }).id, 'g1');
      assert.equal((got[3]!.event.data.event as { minute: number }).minute, 24, 'the event as corrected');
      assert.deepEqual(
        got[4]!.event.data.event,
        { id: 'c1', type: 'yellow_card' },
        'a tombstone of the card',
      );
      assert.match(String(goal.change_cursor), /^[A-Za-z0-9_-]+$/, 'the change feed’s cursor of the change');
      // Cursors increase along the deliveries.
      const cursors = got.map(({ event }) => Buffer.from(event.cursor, 'base64url').toString());
      assert.deepEqual(
        [...cursors].sort((a, b) => Number(a.slice(3)) - Number(b.slice(3))),
        cursors,
      );
      // Nothing more to deliver: a second drain sends nothing.
      const after = mark();
      await worker().drain();
      assert.equal(since(after).length, 0);
      await app.inject({ method: 'DELETE', url: `${API}/webhooks/${goals.id}`, headers: auth() });
    },
  );

  await t.test(
    'a receiver failing for 30 s (mocked time) gets every event after it recovers, none lost',
    async () => {
      const sub = await subscribe({ event_types: ['match.goal'], match_id: ids.matches.scheduled });
      await apply({
        events: [
          { id: 'g2', type: 'goal', minute: 50, team: 'home', player: 'Phil Foden' },
          { id: 'g3', type: 'goal', minute: 60, team: 'away', player: 'Bukayo Saka' },
        ],
      });
      await apply({ events: [{ id: 'g4', type: 'goal', minute: 70, team: 'away', player: 'Bukayo Saka' }] });
      const from = mark();
      const started = now;
      receiver.answer = () => 500;
      const w = worker();
      while (now - started < 30_000) {
        await w.drain();
        now += 1000;
      }
      const failing = since(from);
      assert.ok(failing.length >= 3, `${failing.length} attempts while failing, backing off`);
      assert.ok(failing.length < 30, 'not one a second: backoff');
      assert.ok(failing.every((r) => r.status === 500));
      assert.equal(new Set(failing.map((r) => r.headers['webhook-id'])).size, 1, 'the first event, retried');
      const row = await subscription(sub.id);
      assert.ok(row.failure_streak >= 3 && row.enabled === 1);
      receiver.answer = () => 204;
      now += 3_600_000 / 60; // past any backoff due so far
      await w.drain();
      const delivered = since(from).filter((r) => r.status === 204);
      const events = delivered.map((r) => verified(sub.secret, { ...r }) as Event);
      assert.deepEqual(
        events.map((e) => (e.data.event as { id: string }).id),
        ['g2', 'g3', 'g4'],
        'every event, in order, each once',
      );
      assert.equal(
        String(delivered[0]!.headers['webhook-id']),
        String(failing[0]!.headers['webhook-id']),
        'the retried event kept its webhook-id',
      );
      assert.equal((await subscription(sub.id)).failure_streak, 0);
      const attempts = await app.inject({
        url: `${API}/webhooks/${sub.id}/deliveries?limit=100`,
        headers: auth(),
      });
      const listed = attempts.json().data as Array<{ outcome: string; attempt: number }>;
      assert.equal(listed.filter((d) => d.outcome === 'delivered').length, 3);
      assert.ok(listed.some((d) => d.outcome === 'failed' && d.attempt > 1));
      await app.inject({ method: 'DELETE', url: `${API}/webhooks/${sub.id}`, headers: auth() });
    },
  );

  await t.test(
    'a crash after the receiver took an event delivers it again, under the same webhook-id',
    async () => {
      const sub = await subscribe({ event_types: ['match.card'], match_id: ids.matches.scheduled });
      await apply({ events: [{ id: 'c2', type: 'red_card', minute: 80, team: 'home', player: 'Rodri' }] });
      const from = mark();
      let crashed = false;
      const crashing = worker({
        send: async (delivery: Delivery) => {
          const attempt = await sendWebhook(policy, delivery);
          if (!crashed) {
            crashed = true;
            throw new Error('killed before the cursor moved');
          }
          return attempt;
        },
        onError: () => undefined,
      });
      await crashing.tick();
      await crashing.settled();
      assert.equal(since(from).length, 1, 'the receiver took it');
      await worker().drain();
      const got = since(from);
      assert.equal(got.length, 2, 'delivered again');
      assert.equal(
        got[0]!.headers['webhook-id'],
        got[1]!.headers['webhook-id'],
        'duplicates share a webhook-id',
      );
      assert.equal(verified(sub.secret, got[1]!).type, 'match.card');
      await app.inject({ method: 'DELETE', url: `${API}/webhooks/${sub.id}`, headers: auth() });
    },
  );

  await t.test('a lease holds a subscription for one worker; a dead worker’s expires', async () => {
    const sub = await subscribe({ event_types: ['match.goal'], match_id: ids.matches.scheduled });
    await apply({ events: [{ id: 'g5', type: 'goal', minute: 85, team: 'home', player: 'Phil Foden' }] });
    const iso = (ms: number) => new Date(ms).toISOString();
    // A worker that claimed it, and died.
    const won = await claimSubscriptions(db, 'dead', iso(now), iso(now + 60_000), 10, []);
    assert.deepEqual(won, [sub.id]);
    const rival = await claimSubscriptions(db, 'rival', iso(now), iso(now + 30_000), 10, []);
    assert.deepEqual(rival, [], 'held: no other worker takes it');
    const from = mark();
    await worker().drain();
    assert.equal(since(from).length, 0, 'nothing delivered while the lease holds');
    now += 61_000;
    // Two live workers race for it: one delivers, once.
    await Promise.all([worker().drain(), worker().drain()]);
    assert.equal(since(from).length, 1);
    await app.inject({ method: 'DELETE', url: `${API}/webhooks/${sub.id}`, headers: auth() });
  });

  await t.test(
    `${FAILURES_TO_DISABLE} failures in a row disable it; enabled again, nothing was lost`,
    async () => {
      const sub = await subscribe({ event_types: ['match.goal'], match_id: ids.matches.scheduled });
      await apply({ events: [{ id: 'g6', type: 'goal', minute: 88, team: 'away', player: 'Bukayo Saka' }] });
      receiver.answer = () => 503;
      const w = worker();
      for (let i = 0; i < FAILURES_TO_DISABLE + 5; i++) {
        await w.drain();
        const row = await subscription(sub.id);
        if (row.next_attempt_at) now = Math.max(now, Date.parse(row.next_attempt_at));
      }
      const row = await subscription(sub.id);
      assert.deepEqual(
        [row.enabled, row.disabled_reason, row.failure_streak],
        [0, 'failing', FAILURES_TO_DISABLE],
      );
      receiver.answer = () => 204;
      now = Date.now();
      const from = mark();
      await w.drain();
      assert.equal(since(from).length, 0, 'disabled: nothing is sent');
      // Its events still go to the outbox while it is disabled.
      await apply({ events: [{ id: 'g7', type: 'goal', minute: 89, team: 'home', player: 'Phil Foden' }] });
      await w.drain();
      assert.equal(since(from).length, 0);
      const enabled = await app.inject({
        method: 'PATCH',
        url: `${API}/webhooks/${sub.id}`,
        payload: { enabled: true },
        headers: auth(),
      });
      assert.equal(enabled.json().data.enabled, true);
      await w.drain();
      const got = since(from);
      assert.deepEqual(
        got.map((r) => (verified(sub.secret, r).data.event as { id: string }).id),
        ['g6', 'g7'],
        'what waited, and what came while it was disabled',
      );
      // Redelivered from its cursor: the same event again.
      const before = (
        await app.inject({ url: `${API}/webhooks/${sub.id}/deliveries?limit=1`, headers: auth() })
      ).json().data[0] as { cursor: string };
      const seq = Number(Buffer.from(before.cursor, 'base64url').toString().slice(3));
      const back = await app.inject({
        method: 'POST',
        url: `${API}/webhooks/${sub.id}/redeliver`,
        payload: { cursor: Buffer.from(`w1.${seq - 1}`).toString('base64url') },
        headers: auth(),
      });
      assert.equal(back.statusCode, 200, back.body);
      await w.drain();
      assert.equal(since(from).length, 3);
      assert.equal(since(from)[2]!.headers['webhook-id'], got[1]!.headers['webhook-id']);
      await app.inject({ method: 'DELETE', url: `${API}/webhooks/${sub.id}`, headers: auth() });
    },
  );

  await t.test(
    'an ingestion run: match changes with their fields, standings, the run; filters apply',
    async () => {
      const all = await subscribe({ event_types: ['match.updated', 'standings.changed', 'ingestion.run'] });
      const arsenal = await subscribe({ event_types: ['match.updated'], team_id: ids.teams.arsenal });
      const from = mark();
      await reingestFixture(built, (matches) =>
        matches.map((m, i) => (i === 0 ? { ...m, score: { ht: [0, 2], ft: [4, 3] } } : m)),
      );
      await worker().drain();
      const secrets = new Map([
        [all.id, all.secret],
        [arsenal.id, arsenal.secret],
      ]);
      const got = since(from).map((r) => {
        const sub = String(r.headers['webhook-id']).split('_')[1]!;
        const secret = [...secrets].find(([id]) => id.slice(4) === sub)![1];
        return { sub, event: verified(secret, r) as Event };
      });
      const mine = got.filter((g) => g.sub === all.id.slice(4)).map((g) => g.event);
      // The run also puts back the match the live updates played (as its source has it).
      const updated = mine.filter((e) => e.type === 'match.updated');
      const matchOf = (e: Event) =>
        e.data.match as { id: string; home_team: { id: string; score: number }; away_team: { id: string } };
      const corrected = updated.find((e) => matchOf(e).id === ids.matches.burnleyCity)!;
      assert.deepEqual(corrected.data.changed_fields, ['home_team.score', 'score', 'winner']);
      assert.equal(matchOf(corrected).home_team.score, 4);
      assert.deepEqual(
        mine.map((e) => e.type),
        [...updated.map(() => 'match.updated'), 'standings.changed', 'ingestion.run'],
        'the matches, their season’s table (once), the run last',
      );
      assert.equal(mine.at(-2)!.data.season_id, ids.seasons.en1_2023);
      assert.equal((mine.at(-1)!.data.matches as { updated: number }).updated, updated.length);
      const theirs = got.filter((g) => g.sub === arsenal.id.slice(4)).map((g) => matchOf(g.event));
      assert.ok(theirs.length < updated.length, 'Burnley v Manchester City is no match of Arsenal');
      for (const match of theirs) {
        assert.ok(
          [match.home_team.id, match.away_team.id].includes(ids.teams.arsenal),
          'only Arsenal’s matches',
        );
      }
    },
  );
  await t.test(
    'a withdrawn match: match.removed and its table, seen through a competition filter',
    async () => {
      const sub = await subscribe({
        event_types: ['match.removed', 'standings.changed'],
        competition_id: ids.competitions.en1,
      });
      const from = mark();
      await reingestFixture(built, (matches) =>
        matches.filter((m) => !(m.team1 === 'Manchester City FC' && m.team2 === 'Newcastle United FC')),
      );
      await worker().drain();
      const got = since(from)
        .filter((r) => String(r.headers['webhook-id']).startsWith(`msg_${sub.id.slice(4)}_`))
        .map((r) => verified(sub.secret, r) as Event);
      assert.deepEqual(
        got.map((e) => e.type),
        ['match.removed', 'standings.changed'],
      );
      assert.equal(got[0]!.data.match_id, ids.matches.noTime);
      assert.equal(got[0]!.data.replaced_by, null);
      assert.match(String(got[0]!.data.change_cursor), /^[A-Za-z0-9_-]+$/, 'the tombstone’s cursor');
      assert.equal(got[1]!.data.competition_id, ids.competitions.en1);
    },
  );
});
