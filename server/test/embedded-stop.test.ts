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
});
