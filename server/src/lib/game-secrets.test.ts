import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { GAME_KEY_FILE, resolveGameKey } from './game-secrets.js';
import { SecretBox } from './secret-box.js';

describe('the game-password key', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-key-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('is made once in the data directory when GAME_SECRET_KEY is absent, said in the log, and kept', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    const log: string[] = [];
    const first = resolveGameKey(config, (m) => log.push(m));
    expect(first).toHaveLength(32);
    expect(log.join('\n')).toContain(`a new key was made in ${path.join(dataDir, GAME_KEY_FILE)}`);
    expect(fs.statSync(path.join(dataDir, GAME_KEY_FILE)).mode & 0o077).toBe(0);
    const sealed = new SecretBox(first).seal('pw', 'row');
    const again = resolveGameKey(config, () => undefined);
    expect(new SecretBox(again).open(sealed, 'row')).toBe('pw');
  });

  it('comes from GAME_SECRET_KEY when set, and no file is made', () => {
    const dataDir = tempDir();
    const key = Buffer.alloc(32, 3);
    expect(resolveGameKey(loadConfig({ DATA_DIR: dataDir, GAME_SECRET_KEY: key.toString('hex') }), () => undefined)).toEqual(key);
    expect(fs.existsSync(path.join(dataDir, GAME_KEY_FILE))).toBe(false);
  });

  it('does not open a value sealed with another key or altered', () => {
    const box = new SecretBox(Buffer.alloc(32, 1));
    const sealed = box.seal('secret', 'ctx');
    expect(() => new SecretBox(Buffer.alloc(32, 2)).open(sealed, 'ctx')).toThrow();
    expect(() => box.open(sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA'), 'ctx')).toThrow();
    expect(box.seal('secret', 'ctx')).not.toBe(sealed);
  });
});
