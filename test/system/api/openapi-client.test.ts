import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildTestApp } from '../../support/build-app.js';
import { API } from '../../support/api-contract.js';

const run = promisify(execFile);
const PROJECT = path.resolve(import.meta.dirname, '../../..');

/**
 * What a client developer would write with the generated types and openapi-fetch: calls of seven routes
 * and the calendar tokens, the defaulted parameters left out, answers, errors and headers used as typed.
 * The @ts-expect-error lines are calls the document forbids: tsc fails if one of them type-checks.
 */
const PROGRAM = `
import createClient from 'openapi-fetch';
import type { components, paths } from './touchline.js';

type Match = components['schemas']['Match'];

const client = createClient<paths>({
  baseUrl: 'http://127.0.0.1:8080',
  headers: { Authorization: 'Bearer test_0000000000000000000000000000000' },
});

export async function lastResults(teamId: string): Promise<Match[]> {
  const { data, error, response } = await client.GET('${API}/football/matches', {
    params: { query: { team_id: teamId, status: 'finished', sort: '-starts_at', limit: 5 } },
  });
  if (error) throw new Error(\`\${error.error.code}: \${error.error.message}\`);
  const left: string | null = response.headers.get('X-RateLimit-Remaining');
  void left;
  const more: boolean = data.meta.has_more;
  void more;
  return data.data;
}

export async function teamName(teamId: string): Promise<string | undefined> {
  const { data } = await client.GET('${API}/football/teams/{team_id}', { params: { path: { team_id: teamId } } });
  return data?.data.name;
}

export async function localDay(date: string, tz: string): Promise<string[]> {
  const { data } = await client.GET('${API}/football/matches', { params: { query: { date, tz } } });
  return (data?.data ?? []).map((match) => match.starts_at);
}

export async function kickOffIn(matchId: string, tz: string): Promise<string | undefined> {
  const { data } = await client.GET('${API}/football/matches/{match_id}', {
    params: { path: { match_id: matchId }, query: { tz } },
  });
  return data?.data.starts_at;
}

export async function competitionCount(): Promise<number> {
  const { data, error } = await client.GET('${API}/football/competitions');
  if (error) return 0;
  return data.meta.total;
}

/** A calendar token for a phone, the feed URL it subscribes to, and the key's tokens revoked. */
export async function subscribe(teamId: string, label: string): Promise<string | undefined> {
  const created = await client.POST('${API}/football/calendar-tokens', { params: { query: { label } } });
  if (created.error) {
    const code: string = created.error.error.code;
    throw new Error(code);
  }
  const token: string = created.data.data.token;
  const listed = await client.GET('${API}/football/calendar-tokens');
  for (const held of listed.data?.data ?? []) {
    const shown: string | null = held.label;
    void shown;
    await client.DELETE('${API}/football/calendar-tokens/{token_id}', { params: { path: { token_id: held.id } } });
  }
  return \`/football/teams/\${teamId}/calendar.ics?token=\${token}\`;
}

/** A match screen in one request, and the current round of a season. */
export async function matchScreen(matchId: string): Promise<number> {
  const { data } = await client.GET('${API}/football/matches/{match_id}', {
    params: { path: { match_id: matchId }, query: { include: 'stats,lineups,timeline,player_stats' } },
  });
  const events = data?.data.included?.timeline?.events ?? [];
  return events.length;
}

export async function currentRound(competitionId: string, seasonId: string): Promise<string | undefined> {
  const { data } = await client.GET('${API}/football/competitions/{competition_id}/seasons/{season_id}/rounds', {
    params: { path: { competition_id: competitionId, season_id: seasonId } },
  });
  const finished: number | undefined = data?.data[0]?.matches.finished;
  void finished;
  return data?.data.find((round) => round.is_current)?.name;
}

export async function homeTable(competitionId: string, seasonId: string): Promise<string[]> {
  const { data } = await client.GET('${API}/football/competitions/{competition_id}/seasons/{season_id}/standings', {
    params: { path: { competition_id: competitionId, season_id: seasonId }, query: { view: 'home' } },
  });
  return (data?.data.rows ?? []).map((row) => row.team.name);
}

export async function forbidden(): Promise<void> {
  // @ts-expect-error a table view takes the documented values only
  await client.GET('${API}/football/competitions/{competition_id}/seasons/{season_id}/standings', { params: { path: { competition_id: 'c', season_id: 's' }, query: { view: 'league' } } });
  // @ts-expect-error a listed token has no secret
  await client.GET('${API}/football/calendar-tokens').then((res) => res.data?.data[0]?.token);
  // @ts-expect-error a team's route needs its identifier
  await client.GET('${API}/football/teams/{team_id}', {});
  // @ts-expect-error status takes the documented values only
  await client.GET('${API}/football/matches', { params: { query: { status: 'played' } } });
  // @ts-expect-error a local day is one date, not a number
  await client.GET('${API}/football/matches', { params: { query: { date: 20260611 } } });
  // @ts-expect-error a match has no such field
  await lastResults('team_x').then((matches) => matches[0]?.home_team.goals);
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022', 'DOM'],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: [],
  },
  files: ['touchline.ts', 'client.ts'],
};

test('a TypeScript client generated from the document type-checks a program calling seven routes and the calendar tokens', async (t) => {
  const { app } = await buildTestApp(t);
  const document = (await app.inject({ url: `${API}/openapi.json` })).json();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-client-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));

  fs.writeFileSync(path.join(dir, 'touchline.ts'), astToString(await openapiTS(document)));
  fs.writeFileSync(path.join(dir, 'client.ts'), PROGRAM);
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  // The project's own packages (openapi-fetch, typescript) serve the temp project.
  fs.symlinkSync(path.join(PROJECT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');

  const tsc = path.join(PROJECT, 'node_modules/typescript/bin/tsc');
  const result = await run(process.execPath, [tsc, '-p', dir], { cwd: dir }).then(
    () => ({ ok: true, output: '' }),
    (error: { stdout?: string; stderr?: string }) => ({
      ok: false,
      output: `${error.stdout}${error.stderr}`,
    }),
  );
  assert.ok(result.ok, `tsc --noEmit on the generated client:\n${result.output}`);
});
