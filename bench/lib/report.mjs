// The summary table and the budgets.

export const BUDGETS = {
  cachedVsNginx: { limit: 0.7, goal: 0.8 },
  uncachedListP99Ms: 10,
  randomByIdVsReference: 0.6,
  randomTeamSeasonP99Ms: 10,
  scaleP99Ratio: 2,
  /** A standings request costs what a match-list page costs (issue 17), at the largest size too. */
  standingsVsPage: 1,
  fullIngestS: 10,
  reimportS: 3,
  /** All five sources into an empty database (issue 18), and the international results again. */
  allSourcesIngestS: 20,
  irReimportS: 2,
  serverRssMb: 200,
  /** Every live event reaches every one of the stream clients (issue 20) within this, p99. */
  streamDeliveryP99Ms: 200,
  /** Cached reads while 10 matches change every second, over the same reads without changes (issue 19). */
  refreshVsSteady: 0.8,
  /** A change shows within this of being applied: TOUCHLINE_GENERATION_POLL_MS (1,000 ms) plus slack. */
  refreshLagMaxMs: 1500,
  /** PostgreSQL + Redis (issue 37): random matches by ID over the bare node:http + pg reference's. */
  postgresByIdVsReference: 0.6,
  /** PostgreSQL + Redis: random team + season pages' p99 within this many times the reference's by-ID p99. */
  postgresTeamSeasonVsByIdP99: 2,
  /** PostgreSQL + Redis: a cached answer's req/s over the SQLite server's for the same answer. */
  postgresCachedVsSqlite: 0.6,
};

const fmt = {
  int: (n) => (n === undefined || n === null ? '-' : Math.round(n).toLocaleString('en-US')),
  ms: (n) => (n === undefined || n === null ? '-' : n < 10 ? n.toFixed(2) : n.toFixed(1)),
  one: (n) => (n === undefined || n === null ? '-' : n.toFixed(1)),
  pct: (n) => (n === undefined || n === null ? '-' : `${(n * 100).toFixed(0)}%`),
  s: (n) => (n === undefined || n === null ? '-' : `${n.toFixed(2)} s`),
};

/** What every table of measured runs shows of a run (the scenarios, the random URLs, the scale part). */
const LOAD_HEADERS = [
  'req/s',
  'p50 ms',
  'p99 ms',
  'errors',
  'RSS MB',
  'PSS MB',
  'srv cores',
  'wrk cores',
  'other cores',
];

/** A table row of the measured run `s`: the table's own `lead` cells, the LOAD_HEADERS columns, `tail`. */
function measuredRow(lead, s, tail = []) {
  return [
    ...lead,
    fmt.int(s.rps),
    fmt.ms(s.p50Ms),
    fmt.ms(s.p99Ms),
    fmt.int(s.errors),
    fmt.one(s.serverRssMb),
    fmt.one(s.serverPssMb),
    fmt.one(s.serverCores),
    fmt.one(s.wrkCores),
    fmt.one(s.otherCores),
    ...tail,
  ];
}

/** `align`: one letter per column, l or r; by default the first column left, the others right. */
export function table(headers, rows, align = 'l' + 'r'.repeat(headers.length - 1)) {
  const cells = [headers, ...rows.map((r) => r.map((c) => String(c)))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) =>
    r
      .map((c, i) => (align[i] === 'l' ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

/**
 * Evaluates every budget against the results; SKIP where the part was not run. A row added with `info`
 * is a figure to read beside the budgets, not one of them: INFO (or SKIP without the figure), never FAIL.
 */
export function evaluateBudgets({ ingest, scenarios, random, postgres, refresh, scale, streams }) {
  const out = [];
  const add = (name, rule, value, pass, extra = {}) =>
    out.push({ name, rule, value, status: pass === undefined ? 'SKIP' : pass ? 'PASS' : 'FAIL', ...extra });
  const info = (name, rule, value) =>
    out.push({ name, rule, value, status: value === undefined ? 'SKIP' : 'INFO', info: true });

  const cached = scenarios.filter((s) => s.cachedRead && s.vsNginx !== undefined);
  const worst = cached.length ? cached.reduce((a, b) => (b.vsNginx < a.vsNginx ? b : a)) : undefined;
  add(
    'cached reads vs nginx',
    `every cached read >= ${fmt.pct(BUDGETS.cachedVsNginx.limit)} of nginx req/s (goal ${fmt.pct(BUDGETS.cachedVsNginx.goal)})`,
    worst ? `lowest ${fmt.pct(worst.vsNginx)} (${worst.name})` : undefined,
    worst ? worst.vsNginx >= BUDGETS.cachedVsNginx.limit : undefined,
    { goalMet: worst ? worst.vsNginx >= BUDGETS.cachedVsNginx.goal : undefined },
  );

  const uncached = scenarios.find((s) => s.name === 'match-list-uncached');
  const rounds = uncached?.rounds ?? [];
  add(
    'uncached match list p99',
    `p99 < ${BUDGETS.uncachedListP99Ms} ms at the configured connections` +
      (rounds.length > 1 ? ', median of the rounds' : ''),
    uncached
      ? `${fmt.ms(uncached.p99Ms)} ms` +
          (rounds.length > 1 ? ` (rounds: ${rounds.map((r) => fmt.ms(r.p99Ms)).join(', ')})` : '')
      : undefined,
    uncached ? uncached.p99Ms < BUDGETS.uncachedListP99Ms && uncached.errors === 0 : undefined,
  );

  // The match list's other query shapes (sort, head-to-head, round) keep the plain list's budget.
  const shapes = scenarios.filter((s) =>
    [
      'latest-results-uncached',
      'head-to-head-uncached',
      'several-teams-uncached',
      'season-round-uncached',
    ].includes(s.name),
  );
  add(
    'uncached query shapes p99',
    `each p99 < ${BUDGETS.uncachedListP99Ms} ms, as the plain list` +
      (shapes[0]?.rounds?.length > 1 ? ', median of the rounds' : ''),
    shapes.length
      ? shapes.map((s) => `${s.name.replace('-uncached', '')} ${fmt.ms(s.p99Ms)} ms`).join(', ')
      : undefined,
    shapes.length ? shapes.every((s) => s.p99Ms < BUDGETS.uncachedListP99Ms && s.errors === 0) : undefined,
  );

  const byId = random?.scenarios.find((s) => s.name === 'match-by-id-random');
  const byIdRounds = byId?.rounds ?? [];
  add(
    'random match by id vs reference',
    `req/s >= ${fmt.pct(BUDGETS.randomByIdVsReference)} of the reference's (node:http + better-sqlite3), no errors` +
      (byIdRounds.length > 1 ? ", median of the rounds' ratios" : ''),
    byId
      ? `${fmt.pct(byId.vsReference)} (${fmt.int(byId.rps)} / ${fmt.int(byId.reference.rps)} req/s)` +
          (byIdRounds.length > 1
            ? ` (rounds: ${byIdRounds.map((r) => fmt.pct(r.vsReference)).join(', ')})`
            : '')
      : undefined,
    byId
      ? byId.vsReference >= BUDGETS.randomByIdVsReference && byId.errors === 0 && byId.reference.errors === 0
      : undefined,
  );

  const teamSeason = random?.scenarios.find((s) => s.name === 'team-season-random');
  const teamSeasonRounds = teamSeason?.rounds ?? [];
  // The reference's run of the round shown (results from before it was measured have none).
  const teamSeasonRef = teamSeason?.reference;
  const p99s = (rounds) =>
    rounds.length > 1 ? ` (rounds: ${rounds.map((r) => fmt.ms(r?.p99Ms)).join(', ')})` : '';
  add(
    'random team + season pages p99',
    `p99 < ${BUDGETS.randomTeamSeasonP99Ms} ms at the configured connections, no errors` +
      (teamSeasonRounds.length > 1 ? ', median of the rounds' : ''),
    teamSeason
      ? `${fmt.ms(teamSeason.p99Ms)} ms${p99s(teamSeasonRounds)}` +
          (teamSeasonRef
            ? `; reference ${fmt.ms(teamSeasonRef.p99Ms)} ms${p99s(teamSeasonRounds.map((r) => r.reference))}`
            : '')
      : undefined,
    teamSeason ? teamSeason.p99Ms < BUDGETS.randomTeamSeasonP99Ms && teamSeason.errors === 0 : undefined,
  );
  // Not a budget: the budget above is absolute, and on a slow machine a bare server answering the same
  // bytes misses it already. This row shows that floor, measured in the same run.
  info(
    'random team + season p99 vs reference',
    "Touchline's p99 ÷ the reference's (node:http + better-sqlite3, same round): the machine's floor, not a budget",
    teamSeason && teamSeasonRef
      ? `${(teamSeason.p99Ms / teamSeasonRef.p99Ms).toFixed(2)}x ` +
          `(${fmt.ms(teamSeason.p99Ms)} / ${fmt.ms(teamSeasonRef.p99Ms)} ms)`
      : undefined,
  );

  // The PostgreSQL + Redis part (SKIP when it was not run).
  const pg = postgres?.skipped ? undefined : postgres;
  const pgById = pg?.random.scenarios.find((x) => x.name === 'match-by-id-random');
  const pgTeamSeason = pg?.random.scenarios.find((x) => x.name === 'team-season-random');
  add(
    'postgres: random match by id vs reference',
    `PostgreSQL + Redis, req/s >= ${fmt.pct(BUDGETS.postgresByIdVsReference)} of node:http + pg's (pool of 10 a worker), no errors`,
    pgById
      ? `${fmt.pct(pgById.vsReference)} (${fmt.int(pgById.rps)} / ${fmt.int(pgById.reference.rps)} req/s; ` +
          `p99 ${fmt.ms(pgById.p99Ms)} / ${fmt.ms(pgById.reference.p99Ms)} ms)`
      : undefined,
    pgById
      ? pgById.vsReference >= BUDGETS.postgresByIdVsReference &&
          pgById.errors === 0 &&
          pgById.reference.errors === 0
      : undefined,
  );
  add(
    'postgres: random team + season p99',
    `PostgreSQL + Redis, p99 <= ${BUDGETS.postgresTeamSeasonVsByIdP99}x the reference's by-ID p99, no errors`,
    pgTeamSeason && pgById
      ? `${fmt.ms(pgTeamSeason.p99Ms)} ms vs ${fmt.ms(pgById.reference.p99Ms)} ms ` +
          `(${(pgTeamSeason.p99Ms / pgById.reference.p99Ms).toFixed(2)}x; reference pages ${fmt.ms(pgTeamSeason.reference?.p99Ms)} ms)`
      : undefined,
    pgTeamSeason && pgById
      ? pgTeamSeason.p99Ms <= BUDGETS.postgresTeamSeasonVsByIdP99 * pgById.reference.p99Ms &&
          pgTeamSeason.errors === 0
      : undefined,
  );
  add(
    'postgres: cached answer vs SQLite',
    `PostgreSQL + Redis, a cached match by ID >= ${fmt.pct(BUDGETS.postgresCachedVsSqlite)} of the SQLite server's req/s`,
    pg?.cached.vsSqlite !== undefined
      ? `${fmt.pct(pg.cached.vsSqlite)} (${fmt.int(pg.cached.rps)} / ${fmt.int(pg.cached.sqliteRps)} req/s)`
      : undefined,
    pg?.cached.vsSqlite !== undefined
      ? pg.cached.vsSqlite >= BUDGETS.postgresCachedVsSqlite && pg.cached.errors === 0
      : undefined,
  );

  add(
    'cached reads under refreshes',
    `cached reads while ${refresh?.changesPerSecond ?? 10} matches change every second, >= ${fmt.pct(BUDGETS.refreshVsSteady)} ` +
      `of req/s without changes (medians); fresh within ${BUDGETS.refreshLagMaxMs / 1000} s, none stale after, no errors`,
    refresh
      ? `${fmt.pct(refresh.ratio)} (${fmt.int(refresh.medianWithRps)} / ${fmt.int(refresh.medianWithoutRps)} req/s); ` +
          `lag max ${fmt.int(refresh.lagMaxMs)} ms, p99 ${fmt.int(refresh.lagP99Ms)} ms; ` +
          `${refresh.staleAfterFresh} stale after fresh`
      : undefined,
    refresh
      ? refresh.ratio >= BUDGETS.refreshVsSteady &&
          refresh.lagMaxMs <= BUDGETS.refreshLagMaxMs &&
          refresh.neverFresh === 0 &&
          refresh.staleAfterFresh === 0 &&
          refresh.notApplied === 0 &&
          refresh.pollErrors === 0 &&
          refresh.wrkErrors === 0
      : undefined,
  );

  const largest = (scenario) => scale?.find((s) => s.largest && s.scenario === scenario);
  const table = largest('standings');
  const page = largest('match-list');
  add(
    'scale p99 standings (uncached)',
    `p99 at ${table?.size ?? '1M'} <= ${BUDGETS.standingsVsPage}x a match-list page's`,
    table && page ? `${fmt.ms(table.p99Ms)} / ${fmt.ms(page.p99Ms)} ms` : undefined,
    table && page ? table.p99Ms <= BUDGETS.standingsVsPage * page.p99Ms : undefined,
  );

  for (const scenario of ['match-list', 'match-by-id', 'standings']) {
    const small = scale?.find((s) => s.smallest && s.scenario === scenario);
    const large = scale?.find((s) => s.largest && s.scenario === scenario);
    const ratio = small && large ? large.p99Ms / small.p99Ms : undefined;
    add(
      `scale p99 ${scenario} (uncached)`,
      `p99 at ${large?.size ?? '1M'} <= ${BUDGETS.scaleP99Ratio}x p99 at ${small?.size ?? '10k'}`,
      ratio === undefined
        ? undefined
        : `${fmt.ms(large.p99Ms)} / ${fmt.ms(small.p99Ms)} ms = ${ratio.toFixed(2)}x`,
      ratio === undefined ? undefined : ratio <= BUDGETS.scaleP99Ratio,
    );
  }

  add(
    'full ingest',
    `< ${BUDGETS.fullIngestS} s (CLI wall time, empty database)`,
    ingest.full ? fmt.s(ingest.full.wallS) : undefined,
    ingest.full ? ingest.full.wallS < BUDGETS.fullIngestS : undefined,
  );
  add(
    'identical re-import',
    `< ${BUDGETS.reimportS} s and 0 rows written`,
    ingest.reimport
      ? `${fmt.s(ingest.reimport.wallS)}, ${ingest.reimport.rowsWritten} rows written`
      : undefined,
    ingest.reimport
      ? ingest.reimport.wallS < BUDGETS.reimportS && ingest.reimport.rowsWritten === 0
      : undefined,
  );
  add(
    'full ingest, five sources',
    `< ${BUDGETS.allSourcesIngestS} s (the five CLI runs' wall time, empty database)`,
    ingest.allSources ? fmt.s(ingest.allSources.wallS) : undefined,
    ingest.allSources ? ingest.allSources.wallS < BUDGETS.allSourcesIngestS : undefined,
  );
  add(
    'international results re-import',
    `< ${BUDGETS.irReimportS} s and 0 rows written (after the five sources)`,
    ingest.irReimport
      ? `${fmt.s(ingest.irReimport.wallS)}, ${ingest.irReimport.rowsWritten} rows written`
      : undefined,
    ingest.irReimport
      ? ingest.irReimport.wallS < BUDGETS.irReimportS && ingest.irReimport.rowsWritten === 0
      : undefined,
  );

  const full = scenarios.filter((s) => s.serverRssMb !== undefined);
  const rss = full.length ? Math.max(...full.map((s) => s.serverRssMb)) : undefined;
  const pss = full.length ? Math.max(...full.map((s) => s.serverPssMb)) : undefined;
  // Summed VmRSS counts the pages every process shares (42 MB of the node binary each) once per process;
  // summed PSS counts each resident page of the server once, which is what the server costs the machine.
  add(
    'server resident memory',
    `primary + workers < ${BUDGETS.serverRssMb} MB, shared pages once (PSS sum), peak under load, full dataset`,
    pss === undefined ? undefined : `${fmt.one(pss)} MB (summed RSS ${fmt.one(rss)} MB)`,
    pss === undefined ? undefined : pss < BUDGETS.serverRssMb,
  );

  add(
    'live stream delivery p99',
    `${streams?.clients ?? 5000} stream clients each get every event, p99 < ${BUDGETS.streamDeliveryP99Ms} ms from sending the update, while cached reads go on`,
    streams
      ? `${fmt.ms(streams.p99Ms)} ms, ${streams.received}/${streams.expected} delivered, ` +
          `${fmt.one(streams.perConnectionKb)} KB per stream, cached reads ${fmt.int(streams.cachedReads.rps)} req/s`
      : undefined,
    streams
      ? streams.p99Ms < BUDGETS.streamDeliveryP99Ms &&
          streams.received === streams.expected &&
          streams.closedEarly === 0 &&
          streams.cachedReads.errors === 0
      : undefined,
  );
  return out;
}

export function renderSummary(report) {
  const parts = [];
  const m = report.machine;
  parts.push(
    `Touchline benchmark ${report.startedAt}  (${m.cores} cores, ${m.cpuModel}, node ${m.node}, ` +
      `${m.workers} server workers, wrk -t${report.options.threads} -c${report.options.connections} ` +
      `-d${report.options.seconds}s)`,
    `load average at start ${m.loadStart.map((n) => n.toFixed(2)).join(' ')}, at end ` +
      `${m.loadEnd.map((n) => n.toFixed(2)).join(' ')}; other processes used ${fmt.one(m.otherCoresAvg)} ` +
      `of ${m.cores} cores on average during the measured runs`,
    '',
  );
  const ing = report.ingest;
  parts.push(
    table(
      ['ingest', 'wall', 'run', 'cpu', 'other cores', 'matches', 'rows written'],
      [
        ['full (empty database)', ing.full],
        ['identical re-import', ing.reimport],
        ...(ing.allSources?.runs ?? []).map((r) => [`five sources: ${r.source}`, r]),
        ['five sources (empty database)', ing.allSources],
        ['international results re-import', ing.irReimport],
      ]
        .filter(([, r]) => r)
        .map(([label, r]) => [
          label,
          fmt.s(r.wallS),
          fmt.s(r.runS),
          fmt.s(r.cpuS),
          fmt.one(r.otherCores),
          fmt.int(r.matches),
          fmt.int(r.rowsWritten),
        ]),
    ),
    '',
  );
  parts.push(
    table(
      ['scenario', ...LOAD_HEADERS, 'nginx req/s', 'vs nginx', 'node req/s', 'vs node', 'bytes'],
      report.scenarios.map((s) =>
        measuredRow([s.name], s, [
          fmt.int(s.nginx?.rps),
          fmt.pct(s.vsNginx),
          fmt.int(s.nodeReqPerSec),
          fmt.pct(s.vsNode),
          fmt.int(s.bytes),
        ]),
      ),
    ),
  );
  const inRounds = report.scenarios.filter((s) => s.rounds?.length > 1);
  if (inRounds.length) {
    parts.push(
      `${inRounds.map((s) => s.name).join(' and ')}: the round with the median p99 of ` +
        `${inRounds[0].rounds.length} (errors: all rounds); p99 of each round: ` +
        inRounds.map((s) => `${s.name} ${s.rounds.map((r) => fmt.ms(r.p99Ms)).join(', ')} ms`).join('; '),
    );
  }
  parts.push('');
  parts.push(...randomSection(report.random, 'random URLs (cache on)', 'node:http + better-sqlite3'));
  parts.push(...postgresSection(report.postgres));
  const refreshLine = refreshSummary(report.refresh);
  if (refreshLine) parts.push(refreshLine, '');
  if (report.scale?.length) {
    parts.push(
      table(
        ['scale (uncached)', 'matches', 'DB MB', ...LOAD_HEADERS],
        report.scale.map((s) =>
          measuredRow([`${s.size} ${s.scenario}`, fmt.int(s.matches), fmt.int(s.databaseMb)], s),
        ),
      ),
      '',
    );
    if (report.scaleIngest?.length) {
      parts.push(
        `scale ingest runs: ${report.scaleIngest
          .map((r) => `${r.label} ${fmt.int(r.inserted)} in ${fmt.s(r.wallS)}`)
          .join('; ')}`,
        '',
      );
    }
  }
  parts.push(
    table(
      ['budget', 'rule', 'measured', 'result'],
      report.budgets.map((b) => [
        b.name,
        b.rule,
        b.value ?? '-',
        b.status + (b.goalMet === undefined ? '' : b.goalMet ? ' (goal met)' : ' (goal missed)'),
      ]),
      'llll',
    ),
  );
  const ceiling = nodeCeiling(report.scenarios);
  if (ceiling) parts.push(ceiling);
  const accessLog = accessLogLine(report.scenarios);
  if (accessLog) parts.push(accessLog);
  return parts.join('\n');
}

/** The table and lines of a random-URL part (`random`: randomPart's result) against its `reference`. */
function randomSection(random, title, reference) {
  if (!random?.scenarios.length) return [];
  const parts = [];
  const row = (name, who, s, vs) => measuredRow([name, who], s, [fmt.pct(vs)]);
  parts.push(
    table(
      [title, 'server', ...LOAD_HEADERS, 'vs ref'],
      random.scenarios.flatMap((s) => [
        row(s.name, 'touchline', s, s.vsReference),
        ...(s.reference ? [row('', 'reference', s.reference)] : []),
      ]),
      'll' + 'r'.repeat(10),
    ),
  );
  const perRound = random.scenarios.filter((s) => s.rounds?.length > 1);
  // Results from before the team + season reference have no teamSeasonBodiesIdentical.
  const teamSeasonBytes =
    random.teamSeasonBodiesIdentical === undefined
      ? ''
      : random.teamSeasonBodiesIdentical
        ? ' (team + season pages: but for the request ID)'
        : '; team + season pages: DIFFERENT BODIES (see the log)';
  parts.push(
    `${random.keyPool} key${random.keyPool === 1 ? '' : 's'}; ` +
      random.scenarios.map((s) => `${s.name} over ${fmt.int(s.paths)} URLs`).join(', ') +
      `; reference: ${reference}, the same processes` +
      (random.bodiesIdentical ? ', the same bytes' : ', DIFFERENT BODIES (see the log)') +
      teamSeasonBytes,
  );
  if (perRound.length) {
    parts.push(
      `rounds of ${perRound[0].rounds.length}, errors of all rounds; ` +
        perRound
          .map((s) =>
            s.vsReference !== undefined
              ? `${s.name}: the round with the median ratio, per round ` +
                s.rounds
                  .map((r) => `${fmt.int(r.rps)}/${fmt.int(r.reference.rps)} = ${fmt.pct(r.vsReference)}`)
                  .join(', ')
              : `${s.name}: the round with the median p99, per round ${s.rounds.map((r) => fmt.ms(r.p99Ms)).join(', ')} ms` +
                (s.reference
                  ? ` (reference ${s.rounds.map((r) => fmt.ms(r.reference?.p99Ms)).join(', ')} ms)`
                  : ''),
          )
          .join('; '),
    );
  }
  parts.push('');
  return parts;
}

/** The PostgreSQL + Redis part: its random URLs, its cached answer, and where the time goes. */
function postgresSection(postgres) {
  if (!postgres) return [];
  if (postgres.skipped) return [`postgres + redis: skipped (${postgres.skipped})`, ''];
  const parts = randomSection(
    postgres.random,
    'postgres + redis, random URLs',
    'node:http + pg, a pool of 10 a worker',
  );
  const c = postgres.cached;
  parts.push(
    `postgres + redis: football.json ingested in ${fmt.s(postgres.ingest.wallS)}; cached ${c.name} ` +
      `${fmt.int(c.rps)} req/s (p99 ${fmt.ms(c.p99Ms)} ms), ${fmt.pct(c.vsSqlite)} of SQLite's ${fmt.int(c.sqliteRps)}`,
  );
  parts.push(
    table(
      [
        'postgres profile (5 s each)',
        'req/s',
        'p99 ms',
        'PG statements/req',
        'Redis commands/req',
        'by command',
      ],
      Object.entries(postgres.profile).map(([name, p]) => [
        name,
        fmt.int(p.rps),
        fmt.ms(p.p99Ms),
        p.pgStatementsPerRequest.toFixed(2),
        p.redisCommandsPerRequest.toFixed(2),
        Object.entries(p.redisByCommand)
          .map(([command, n]) => `${command} ${n.toFixed(2)}`)
          .join(', '),
      ]),
      'lrrrrl',
    ),
    '',
  );
  return parts;
}

/** The refresh part's rounds and lags in a line, when it was run. */
export function refreshSummary(refresh) {
  if (!refresh) return undefined;
  const rps = (changes) =>
    refresh.rounds
      .filter((r) => r.changes === changes)
      .map((r) => fmt.int(r.rps))
      .join(', ');
  return (
    `refreshes (cache on, ${refresh.paths.matches} matches + ${refresh.paths.wide} wide URLs): req/s without changes ` +
    `${rps(false)}, with ${refresh.changesPerSecond} changes/s ${rps(true)} = ${fmt.pct(refresh.ratio)} of medians; ` +
    `${refresh.updates - refresh.notApplied}/${refresh.updates} updates applied, fresh after p50 ${fmt.int(refresh.lagP50Ms)} ` +
    `p99 ${fmt.int(refresh.lagP99Ms)} max ${fmt.int(refresh.lagMaxMs)} ms (${refresh.neverFresh} never), ` +
    `${refresh.staleAfterFresh} of ${refresh.readsAfterFresh} reads after fresh stale, ` +
    `errors: wrk ${refresh.wrkErrors}, reads ${refresh.pollErrors}`
  );
}

/** The informational line on the access log's cost, when it was measured. */
export function accessLogLine(scenarios) {
  const logged = scenarios.find((s) => s.name === 'match-by-id-access-log');
  if (!logged?.vsNoLog) return undefined;
  return (
    `access log on (a line per request to a file): ${fmt.int(logged.rps)} req/s, ` +
    `${fmt.pct(logged.vsNoLog)} of the same cached read without it`
  );
}

/**
 * The informational line under the budgets: how far a bare node:http cluster serving the same bytes got
 * against nginx on the cached reads, the ceiling of Touchline's stack that the nginx budget is judged
 * against. Undefined without node figures.
 */
export function nodeCeiling(scenarios) {
  const ratios = scenarios
    .filter((s) => s.cachedRead && s.nodeVsNginx !== undefined)
    .map((s) => s.nodeVsNginx);
  if (ratios.length === 0) return undefined;
  const [low, high] = [fmt.pct(Math.min(...ratios)), fmt.pct(Math.max(...ratios))];
  return `bare node:http reached ${low === high ? low : `${low.slice(0, -1)}-${high}`} of nginx in this run`;
}
