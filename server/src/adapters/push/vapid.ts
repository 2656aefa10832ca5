import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import { newVapidKeys, type VapidKeys } from './web-push.js';

export const VAPID_KEY_FILE = 'push-vapid.json';

/**
 * The VAPID key pair: VAPID_* when set; otherwise (never in production) the pair in the data directory,
 * made there on the first start so `npm install && npm start` offers notifications on a fresh machine.
 * A pair changed later ends every subscription made with the old one (the push services answer 403).
 */
export function resolveVapid(config: Config, log: (message: string) => void): VapidKeys {
  if (config.vapid) return config.vapid;
  // loadConfig refuses this already: a pair of one machine would split the instances' subscriptions
  if (config.production) throw new Error('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set in production');
  const subject = 'mailto:operator@example.invalid';
  const file = path.join(config.dataDir, VAPID_KEY_FILE);
  if (fs.existsSync(file)) {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof saved.publicKey !== 'string' || typeof saved.privateKey !== 'string')
      throw new Error(`${file} does not hold a VAPID key pair`);
    return { publicKey: saved.publicKey, privateKey: saved.privateKey, subject };
  }
  const made = newVapidKeys();
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(made)}\n`, { mode: 0o600, flag: 'wx' });
  log(
    `web push: no VAPID_* keys, so a pair was made in ${file} for this machine (production sets VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT)`,
  );
  return { ...made, subject };
}
