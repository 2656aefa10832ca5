import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import { SEALED_PREFIX, type SecretBox } from './secret-box.js';

export const GAME_KEY_FILE = 'game-secret.key';

/** What a game password is sealed with: its row, so a value moved to another account does not open. */
export const gamePasswordContext = (memberId: number, provider: string) => `game_accounts:${memberId}:${provider}`;

/**
 * The key for game passwords: GAME_SECRET_KEY when set; otherwise the one in the data directory,
 * made there on the first start so `npm install && npm start` works on a fresh machine.
 */
export function resolveGameKey(config: Config, log: (message: string) => void): Buffer {
  if (config.gameSecretKey) return config.gameSecretKey;
  // loadConfig refuses this already; a key file of one machine would split the instances
  if (config.production) throw new Error('GAME_SECRET_KEY must be set in production');
  const file = path.join(config.dataDir, GAME_KEY_FILE);
  if (fs.existsSync(file)) {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte hex key`);
    log(`game passwords: key from ${file} (set GAME_SECRET_KEY to keep it elsewhere)`);
    return key;
  }
  const key = randomBytes(32);
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  log(
    `game passwords: no GAME_SECRET_KEY, so a new key was made in ${file}; back it up with the database (without it the stored game passwords cannot be read), and give every server instance the same one`,
  );
  return key;
}

/** Seals game passwords still stored in plain text (rows from before encryption); returns how many. */
export async function sealPlainGamePasswords(db: Kysely<DB>, box: SecretBox): Promise<number> {
  // only plain rows come back, so every start after the first reads nothing back
  const rows = await db
    .selectFrom('game_accounts')
    .select(['id', 'member_id', 'provider', 'password'])
    .where('password', 'not like', `${SEALED_PREFIX}%`)
    .execute();
  let sealed = 0;
  for (const row of rows) {
    await db
      .updateTable('game_accounts')
      .set({ password: box.seal(row.password, gamePasswordContext(row.member_id, row.provider)) })
      .where('id', '=', row.id)
      .where('password', '=', row.password)
      .execute();
    sealed += 1;
  }
  return sealed;
}
