import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { embeddedPostgres } from '../src/db/embedded-postgres.js';

/**
 * The embedded Postgres at its owner's end (issue 35): stopped unless another client uses it. Postgres
 * lists a connection until its backend has exited, a moment after the client's end: the owner's own pools,
 * ended just before, are not another client (they left the server running after CI's e2e runs).
 */
describe("the embedded Postgres at its owner's end", () => {
  it("is left running, named, for another client, and stopped when only its owner's closed connections are listed", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-embedded-stop-'));
    const lines: string[] = [];
    const embedded = await embeddedPostgres(dataDir, (line) => lines.push(line));
    try {
      // another instance, or an operator command, still connected: the server stays, and the log says for whom
      const other = new pg.Client({ connectionString: embedded.url, application_name: 'another instance' });
      await other.connect();
      await embedded.stop();
      expect(embedded.running()).toBe(true);
      expect(lines.at(-1)).toBe('embedded Postgres: left running for 1 other client(s): another instance');
      await other.end();

      // the owner's own pool, every connection used and ended an instant before the stop (three times over:
      // a backend still exiting is listed only for a moment)
      for (let round = 0; round < 3; round += 1) {
        if (round > 0) expect(await embedded.restart()).toBe(true);
        const pool = new pg.Pool({ connectionString: embedded.url, application_name: 'wallet', max: 40 });
        await Promise.all(Array.from({ length: 40 }, () => pool.query('select pg_sleep(0.05)')));
        await pool.end();
        await embedded.stop();
        expect(embedded.running(), `round ${round}: ${lines.at(-1)}`).toBe(false);
      }
    } finally {
      await embedded.stop({ evenIfUsed: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('starts its server once the one postmaster.pid names, killed, is reaped (not taken for running)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-embedded-zombie-'));
    const lines: string[] = [];
    const first = await embeddedPostgres(dataDir, (line) => lines.push(line));
    await first.stop();
    // a process killed and not yet reaped: its parent (a Node blocked in a read of its stdin) cannot reap it
    // until it is given a line
    const parent = spawn(
      process.execPath,
      ['-e', "const c = require('child_process').spawn('true'); console.log(c.pid); require('fs').readSync(0, Buffer.alloc(1))"],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    try {
      const pid = Number(String((await once(parent.stdout, 'data'))[0]).trim());
      const state = () => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      await expect.poll(state).toBe('Z');
      // what a Postgres killed with its server leaves: its postmaster.pid naming it
      fs.writeFileSync(path.join(first.cluster, 'postmaster.pid'), `${pid}\n${first.cluster}\n`);
      const starting = embeddedPostgres(dataDir, (line) => lines.push(line));
      await expect.poll(() => lines.at(-1)).toMatch(/was killed and is not yet reaped; waiting for it/);
      parent.stdin.end('\n');
      const embedded = await starting;
      try {
        expect(embedded.started).toBe(true);
        const client = new pg.Client({ connectionString: embedded.url });
        await client.connect();
        expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
        await client.end();
      } finally {
        await embedded.stop({ evenIfUsed: true });
      }
    } finally {
      parent.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
