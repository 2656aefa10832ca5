// `npm test`: every check, as stages on both cores. Stages that share no port, database or output run
// side by side; each prints its whole output and its time when it ends, and the run goes on after a
// failed stage (but for the stages that need what it made), so one failure never hides the others.
// The summary at the end lists every stage's time and result, after what each failed stage said of its failure
// (its failed tests with their errors); the exit code is 1 when any failed.
//
//   typecheck ─ unit ──┐               (TypeScript 7; the site's Vitest project)
//   lint ─ build ──────┤               (ESLint, Prettier; the site and the server, with the size budgets)
//   server ────────────┘               (the server's Vitest project: Postgres, child processes, 2 workers)
//   e2e (th, member) ─────────────────────────────────────┐   (needs the build; each Thai part serves its own copy of dist/)
//   e2e (la) ─ lighthouse ─ e2e (prod) ─ e2e (th, staff) ──┘   (the Lao build of its own; Lighthouse on
//                                          dist/; a production server on the providers' fakes; the Thai
//                                          run's staff specs on a server of their own: playwright.config.ts)
//
// TEST_STAGES=e2e-th,lighthouse runs only those (a stage left out counts as done: build first). The output
// of each stage is also kept in test-results/stages/<stage>.log.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const logDir = path.join(root, 'test-results', 'stages');
fs.mkdirSync(logDir, { recursive: true });

/** @type {{ name: string, cmd: string, needs?: string[], lane?: string }[][]} groups run one after another; a group's stages at once (a lane's in turn) */
const GROUPS = [
  // three lanes on two cores: the server's tests wait on much (child processes, sweeps, timeouts), and the
  // other lanes fill those waits; one group, not two, so no core idles while the longest stage ends
  [
    { name: 'typecheck', cmd: 'npm run typecheck', lane: 'checks' },
    { name: 'unit', cmd: 'npm run test:unit', lane: 'checks' },
    { name: 'lint', cmd: 'npm run lint', lane: 'lint' },
    { name: 'build', cmd: 'npm run build', lane: 'lint' },
    { name: 'server', cmd: 'npm run test:server' },
  ],
  [
    // the Thai run in two parts on two servers (playwright.config.ts), one in each lane
    { name: 'e2e-th', cmd: 'E2E_PART=member npx playwright test', needs: ['build'] },
    // one after the other in one lane: the Lao run builds its own site first, Lighthouse reads dist/
    { name: 'e2e-la', cmd: 'npx playwright test -c playwright.lao.config.ts', needs: ['build'], lane: 'la' },
    { name: 'lighthouse', cmd: 'npm run lighthouse', needs: ['build'], lane: 'la' },
    // NODE_ENV=production on the local fakes of ThaiBulkSMS, EasySlip and Opn (tests/e2e-production)
    { name: 'e2e-prod', cmd: 'npx playwright test -c playwright.production.config.ts', needs: ['build'], lane: 'la' },
    { name: 'e2e-th-staff', cmd: 'E2E_PART=staff npx playwright test', needs: ['build'], lane: 'la' },
  ],
];

const only = process.env.TEST_STAGES ? new Set(process.env.TEST_STAGES.split(',')) : undefined;
const known = new Set(GROUPS.flat().map((s) => s.name));
const unknown = only ? [...only].filter((name) => !known.has(name)) : [];
if (unknown.length || only?.size === 0) {
  console.error(`TEST_STAGES names no stage of ${[...known].join(', ')}: ${unknown.join(', ') || '(empty)'}`);
  process.exit(2);
}
/** The stages running now (their process groups), ended with the runner when it is stopped. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // ended meanwhile
      }
    }
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}
/** name → { result: 'passed' | 'failed' | 'skipped', seconds, why? } */
const results = new Map();
/**
 * The CPU a stage used, every process it started included (browsers, database servers): a cpuacct
 * cgroup of its own when this machine lets us make one (cgroup v1, as root), else not measured.
 */
const CPUACCT = '/sys/fs/cgroup/cpuacct';
/** Stage cgroups a process of the stage still held when it ended (a server on its way out): removed at the run's end. */
const leftGroups = new Set();
function cpuGroup(name) {
  const dir = path.join(CPUACCT, `npm-test-${process.pid}-${name}`);
  try {
    fs.mkdirSync(dir);
  } catch {
    return undefined;
  }
  return {
    dir,
    /** The CPU seconds used, undefined when none was counted (the shell could not join the group). */
    seconds: () => Number(fs.readFileSync(path.join(dir, 'cpuacct.usage'), 'utf8')) / 1e9 || undefined,
    remove: () => {
      try {
        fs.rmdirSync(dir);
      } catch {
        leftGroups.add(dir);
      }
    },
  };
}
const cpuText = (cpu, wall, outside) =>
  cpu === undefined
    ? ''
    : `, CPU ${fmt(cpu)} (${(cpu / wall).toFixed(2)} cores)${outside ? ` + ${fmt(outside)} of the Postgres outside the run` : ''}`;

const TICKS = 100; // USER_HZ, as /proc counts
/**
 * The CPU ticks used so far by each Postgres server outside the run's stages (.ci/run's cluster, which the
 * server stage's tests use): a cgroup holds a stage's own processes, not that server's backends, which used
 * about a third of the server stage's CPU in a run of 2026-12-02. Keyed by the postmaster's pid and start
 * time (a pid used again is another server): its own time with its ended backends' (cutime, cstime), plus its
 * live backends'. An empty map where /proc cannot tell (not Linux).
 */
function outsidePostgresTicks() {
  const ticks = new Map();
  let pids = [];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return ticks;
  }
  const stats = new Map();
  for (const pid of pids) {
    try {
      const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')) !== 'postgres') continue;
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // after the name: state, ppid (f[1]) ... utime (f[11]), stime, cutime, cstime (f[14]) ... starttime (f[19])
      stats.set(pid, { ppid: f[1], own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]), start: f[19] });
    } catch {
      // ended meanwhile
    }
  }
  for (const [pid, st] of stats) {
    if (stats.has(st.ppid)) continue; // a backend: counted with its postmaster below
    let cgroup;
    try {
      cgroup = fs.readFileSync(`/proc/${pid}/cgroup`, 'utf8');
    } catch {
      continue;
    }
    if (cgroup.includes('npm-test-')) continue; // a stage's own (an embedded one): its cgroup counts it
    let sum = st.own + st.reaped;
    for (const child of stats.values()) if (child.ppid === pid) sum += child.own;
    ticks.set(`${pid}@${st.start}`, sum);
  }
  return ticks;
}

/** The CPU seconds the outside Postgres servers used between two readings: only servers in both count. */
function outsideSeconds(before, after) {
  let ticks = 0;
  for (const [key, then] of before) if (after.has(key)) ticks += Math.max(0, after.get(key) - then);
  return ticks / TICKS;
}
// whole seconds past a minute, rounded before they are split (179.6 s is 3 min 0 s, not 2 min 60 s)
const fmt = (s) => (s >= 59.5 ? `${Math.floor(Math.round(s) / 60)} min ${Math.round(s) % 60} s` : `${s.toFixed(1)} s`);

function run(stage) {
  const started = Date.now();
  const logFile = path.join(logDir, `${stage.name}.log`);
  const out = fs.openSync(logFile, 'w');
  console.log(`▶ ${stage.name}: ${stage.cmd}`);
  const cpu = cpuGroup(stage.name);
  // the server's tests use the Postgres .ci/run started: its CPU is theirs (no other stage of their group uses it;
  // the e2e's two-instance spec does, in the group after)
  const outsideBefore = stage.name === 'server' && cpu ? outsidePostgresTicks() : undefined;
  // the shell joins the stage's cgroup before it runs the command, so every process it starts is counted
  // (a join refused only leaves the CPU unmeasured: the command runs all the same)
  const cmd = cpu ? `(echo $$ > ${cpu.dir}/cgroup.procs) 2>/dev/null; ${stage.cmd}` : stage.cmd;
  return new Promise((resolve) => {
    // a process group of its own: a stopped runner ends the stage with every process it started
    const child = spawn(cmd, {
      cwd: root,
      shell: true,
      detached: true,
      stdio: ['ignore', out, out],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    running.add(child);
    let ended = false;
    const end = (code, signal) => {
      if (ended) return;
      ended = true;
      running.delete(child);
      fs.closeSync(out);
      const seconds = (Date.now() - started) / 1000;
      const result = code === 0 ? 'passed' : 'failed';
      const cpuSeconds = cpu?.seconds();
      const outside = outsideBefore === undefined ? undefined : outsideSeconds(outsideBefore, outsidePostgresTicks());
      cpu?.remove();
      results.set(stage.name, { result, seconds, cpuSeconds, outside });
      const text = fs.readFileSync(logFile, 'utf8');
      process.stdout.write(`\n━━ ${stage.name} (${stage.cmd}) ━━\n${text}${text.endsWith('\n') ? '' : '\n'}`);
      console.log(
        `━━ ${stage.name}: ${result} in ${fmt(seconds)}${cpuText(cpuSeconds, seconds, outside)}${code === 0 ? '' : signal ? ` (ended by ${signal})` : ` (exit ${code})`} ━━\n`,
      );
      resolve();
    };
    child.on('error', (err) => {
      fs.writeSync(out, `${err.message}\n`);
      end(1);
    });
    child.on('exit', (code, signal) => end(code ?? 1, signal));
  });
}

async function lane(stages) {
  for (const stage of stages) {
    const missing = (stage.needs ?? []).filter((n) => results.has(n) && results.get(n).result !== 'passed');
    if (missing.length) {
      results.set(stage.name, { result: 'skipped', seconds: 0, why: `${missing.join(', ')} did not pass` });
      console.log(`━━ ${stage.name}: not run, ${missing.join(', ')} did not pass ━━`);
      continue;
    }
    await run(stage);
  }
}

const started = Date.now();
for (const group of GROUPS) {
  const stages = group.filter((s) => !only || only.has(s.name));
  const lanes = new Map();
  for (const s of stages) {
    const key = s.lane ?? s.name;
    lanes.set(key, [...(lanes.get(key) ?? []), s]);
  }
  await Promise.all([...lanes.values()].map(lane));
}

const total = (Date.now() - started) / 1000;
// the stages' cgroups whose last processes were still leaving when their stage ended (a server stopping
// its database): removed once empty, given up on after 10 s (a process left over is named, not killed)
for (const dir of leftGroups) {
  for (let tries = 40; ; tries--) {
    try {
      fs.rmdirSync(dir);
      break;
    } catch {
      if (tries === 0) {
        console.log(
          `cgroup ${dir} still holds ${fs.readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').trim().split('\n').join(', ')}: left`,
        );
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
// what each failed stage said of its failure, just above the table: a record that keeps only the output's end
// (CI's does) still names the test that failed (CI130's failed server stage was printed 10 minutes before the end)
const failed = [...results].filter(([, r]) => r.result === 'failed').map(([name]) => name);
for (const name of failed) {
  // (without colours: Vitest colours its output even with FORCE_COLOR=0)
  const lines = fs
    .readFileSync(path.join(logDir, `${name}.log`), 'utf8')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .trimEnd()
    .split('\n');
  const budget = Math.max(20, Math.floor(70 / failed.length));
  // Vitest's list of failed tests with their errors, Playwright's numbered failures; else the output's end
  const first = lines.findIndex((l) => /⎯ (Failed (Tests?|Suites?) \d|Unhandled \w+)|^\s+\d+\) \S/.test(l));
  const excerpt =
    first < 0
      ? lines.slice(-budget)
      : first + budget >= lines.length
        ? lines.slice(first)
        : lines.slice(first, first + budget - 10).concat(['…'], lines.slice(-9));
  console.log(`━━ why ${name} failed (test-results/stages/${name}.log, its whole output above) ━━\n${excerpt.join('\n')}\n`);
}
console.log('stage        result    time');
for (const [name, r] of results)
  console.log(`${name.padEnd(12)} ${r.result.padEnd(9)} ${r.why ?? fmt(r.seconds) + cpuText(r.cpuSeconds, r.seconds, r.outside)}`);
const passed = results.size > 0 && [...results.values()].every((r) => r.result === 'passed');
console.log(`${'all'.padEnd(12)} ${(passed ? 'passed' : 'FAILED').padEnd(9)} ${fmt(total)}`);
if (!passed) process.exitCode = 1;
