import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server test files that take longest (each 25 s or more of a clean clone's run in CI217: processes started
 * and killed, nginx, a database filled to 100,000 members), longest first. Vitest runs the longest first
 * when it has timed an earlier run; a clean clone has no such times, and its order (the larger files first)
 * left the 35-second scale test for the last minute, on one worker while the other idled.
 */
const HEAVY = [
  'staff-credit-holds',
  'deploy',
  'games',
  'money-crash',
  'production',
  'console-scale',
  'games-bridge-wallet',
  'manual-deposit-crash',
  'bonus',
  'site',
  'staff-auth',
  'operator',
  'backup',
].map((name) => `/server/test/${name}.test.ts`);

const rank = (spec: TestSpecification) => {
  const at = HEAVY.findIndex((end) => spec.moduleId.endsWith(end));
  return at < 0 ? HEAVY.length : at;
};

/** Vitest's own order where it has the times of an earlier run; else the files above first, in that order. */
export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);

    const timed = files.every((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${this.relative(f)}`));
    if (timed) return sorted;
    // a stable sort: the rest keep Vitest's order
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }

  private relative(spec: TestSpecification) {
    const root = this.ctx.config.root;
    return spec.moduleId.startsWith(`${root}/`) ? spec.moduleId.slice(root.length + 1) : spec.moduleId;
  }
}
