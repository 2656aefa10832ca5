import fs from 'node:fs';

export interface BuildInfo {
  version: string;
  commit: string;
}

/** package.json's version, read from the root of the checkout or install this code runs from. */
function packageVersion(): string {
  for (const rel of ['../../../../package.json', '../../../package.json', '../../package.json', '../package.json']) {
    try {
      const pkg = JSON.parse(fs.readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'member-wallet' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // not there: the next place up
    }
  }
  return 'unknown';
}

let known: BuildInfo | undefined;

/**
 * What this server is: the version and git commit `npm run build` wrote beside the compiled server
 * (`build-info.json` in its release, scripts/build-server.mjs), else package.json's version and the
 * commit `WALLET_COMMIT` names (`unknown` without it: the TypeScript run of `npm run dev` and the tests).
 */
export function buildInfo(): BuildInfo {
  if (known) return known;
  try {
    const written = JSON.parse(fs.readFileSync(new URL('./build-info.json', import.meta.url), 'utf8')) as Partial<BuildInfo>;
    if (typeof written.version === 'string' && typeof written.commit === 'string')
      return (known = { version: written.version, commit: written.commit });
  } catch {
    // not a compiled build
  }
  return (known = { version: packageVersion(), commit: process.env.WALLET_COMMIT || 'unknown' });
}
