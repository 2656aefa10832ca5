import fs from 'node:fs/promises';
import path from 'node:path';

/** Free bytes where uploads are written; undefined: not known here. */
export type FreeSpace = () => Promise<number | undefined>;

/** An answer this fresh is used again: every upload asks, and statfs need not run for each. */
const CACHE_MS = 5_000;

/**
 * The free space of the filesystem holding `dir` (statfs, for unprivileged users: `bavail`), asked at
 * most every few seconds. `dir` may not exist yet (uploads make it on the first file): its nearest
 * existing parent is on the same filesystem until then. A filesystem statfs cannot read answers
 * undefined, and the caller does not refuse on a guess.
 */
export function freeSpaceOf(dir: string, now: () => number): FreeSpace {
  let cached: { at: number; bytes: number | undefined } | undefined;
  return async () => {
    if (cached && now() - cached.at < CACHE_MS && now() >= cached.at) return cached.bytes;
    let bytes: number | undefined;
    for (let at = path.resolve(dir); ; at = path.dirname(at)) {
      try {
        const stats = await fs.statfs(at);
        bytes = Number(stats.bavail) * Number(stats.bsize);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || at === path.dirname(at)) break;
      }
    }
    cached = { at: now(), bytes };
    return bytes;
  };
}
