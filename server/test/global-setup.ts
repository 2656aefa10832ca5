import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureServerBuilt, SERVER_MAIN } from '../../scripts/build-server.mjs';
import { embeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres.js';

/**
 * The Postgres the server tests run on: TEST_DATABASE_URL (or the database .ci/run makes on loopback)
 * when it answers; otherwise an embedded server of the tests' own, started here once for every test file
 * and stopped at the end, so `npm test` needs no Postgres installed. REQUIRE_POSTGRES=1 (CI) fails the
 * run instead when the named one does not answer: CI means to test on the server it started.
 */
const NAMED = process.env.TEST_DATABASE_URL ?? 'postgres://wallet:wallet@127.0.0.1:5432/wallet_test';

async function answers(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

let embedded: EmbeddedPostgres | undefined;

export async function setup(project: TestProject): Promise<void> {
  const problem = await answers(NAMED);
  let url = NAMED;
  if (problem) {
    const masked = NAMED.replace(/:[^:@/]*@/, ':***@');
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`REQUIRE_POSTGRES=1 but no Postgres at ${masked} (${problem})`);
    const dir = path.join(os.tmpdir(), 'wallet-server-tests');
    fs.mkdirSync(dir, { recursive: true });
    embedded = await embeddedPostgres(dir);
    url = embedded.url;
    console.warn(`[server tests] no Postgres at ${masked} (${problem}): an embedded one in ${dir}`);
  }
  project.provide('postgresUrl', url);
  // the tests that start the server or the operator's CLI in a process of its own run the compiled
  // build, as production does (0.3 s a start where tsx took 1.4-2.5 s): compiled here once when a source
  // is newer than build/, and named by its release folder, which a build beside this run leaves in place
  await ensureServerBuilt();
  project.provide('serverBuild', fs.realpathSync(path.dirname(SERVER_MAIN)));
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The compiled server's release folder (build/releases/<id>): main.js, cli.js, migrations/. */
    serverBuild: string;
  }
}
