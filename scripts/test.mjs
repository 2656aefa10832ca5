// `npm test`: every check, as stages on both cores. Stages that share no port, database or output run
// side by side; each prints its whole output and its time when it ends, and the run goes on after a
// failed stage (but for the stages that need what it made), so one failure never hides the others.
// The summary at the end lists every stage's time and result; the exit code is 1 when any failed.
//
// Five lanes, each running its stages in turn; a lane starts when every stage it comes after has ended:
//
//   typecheck ─ unit                     (TypeScript 7; the site's Vitest project)
//   lint ─ build                         (ESLint, Prettier; the site and the server, with the size budgets)
//   server ──────────────┐               (the server's Vitest project: Postgres, child processes, 2 workers)
//       (after the first two lanes) e2e (th, member) ─ lighthouse ─ e2e (prod)          nice 10
//                        └ (after the server) e2e (la) ─ e2e (th, staff)                nice 10
//
// The run is bound by CPU (about 2,200 s of it on two cores). The server's tests wait on much (child
// processes, sweeps, timeouts) and, once the first two lanes end, ran alone for about 5 minutes on one
// core (CI65); the Thai member e2e fill that core, at a lower priority (nice 10), so the server's tests
// keep the CPU they want: started beside them at the same priority, three lanes starved the server's
// tests to under half a core and past their bounds (CI63). The e2e lanes run each Thai part on a server,
// database, port and copy of dist/ of its own (playwright.config.ts); the Lao run builds its own site.
//
// TEST_STAGES=e2e-th,lighthouse runs only those (a stage left out counts as done: build first). The output
// of each stage is also kept in test-results/stages/<stage>.log.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const logDir = path.join(root, 'test-results', 'stages');
fs.mkdirSync(logDir, { recursive: true });

/**
 * @typedef {{ name: string, cmd: string, needs?: string[] }} Stage `needs`: stages that must have passed (waited for)
 * @type {{ after?: string[], nice?: number, stages: Stage[] }[]} `after`: stages that must have ended, passed or not;
 * `nice`: the lane's priority (every process it starts: nice(1))
 */
const LANES = [
  {
    stages: [
      { name: 'typecheck', cmd: 'npm run typecheck' },
      { name: 'unit', cmd: 'npm run test:unit' },
    ],
  },
  {
    stages: [
      { name: 'lint', cmd: 'npm run lint' },
      { name: 'build', cmd: 'npm run build' },
    ],
  },
  { stages: [{ name: 'server', cmd: 'npm run test:server' }] },
  {
    // beside the server's tests once the first two lanes have ended: about 12 minutes, the longer e2e lane
    after: ['typecheck', 'unit', 'lint', 'build'],
    nice: 10,
    stages: [
      { name: 'e2e-th', cmd: 'E2E_PART=member npx playwright test', needs: ['build'] },
      // Lighthouse reads dist/; its timings are reported, not judged, so a busy core changes no result
      { name: 'lighthouse', cmd: 'npm run lighthouse', needs: ['build'] },
      // NODE_ENV=production on the local fakes of ThaiBulkSMS, EasySlip and Opn (tests/e2e-production)
      { name: 'e2e-prod', cmd: 'npx playwright test -c playwright.production.config.ts', needs: ['build'] },
    ],
  },
  {
    after: ['server'],
    nice: 10,
    stages: [
      // the Lao run builds its own site first
      { name: 'e2e-la', cmd: 'npx playwright test -c playwright.lao.config.ts', needs: ['build'] },
      { name: 'e2e-th-staff', cmd: 'E2E_PART=staff npx playwright test', needs: ['build'] },
    ],
  },
];

const only = process.env.TEST_STAGES ? new Set(process.env.TEST_STAGES.split(',')) : undefined;
const known = new Set(LANES.flatMap((l) => l.stages.map((s) => s.name)));
const unknown = only ? [...only].filter((name) => !known.has(name)) : [];
if (unknown.length || only?.size === 0) {
  console.error(`TEST_STAGES names no stage of ${[...known].join(', ')}: ${unknown.join(', ') || '(empty)'}`);
  process.exit(2);
}
/** The stages running now (their process groups), ended with the runner when it is stopped. */
const running = new Set();
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
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
const cpuText = (cpu, wall) => (cpu === undefined ? '' : `, CPU ${fmt(cpu)} (${(cpu / wall).toFixed(2)} cores)`);
const fmt = (s) => (s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`);

function run(stage, nice = 0) {
  const started = Date.now();
  const logFile = path.join(logDir, `${stage.name}.log`);
  const out = fs.openSync(logFile, 'w');
  console.log(`▶ ${stage.name}: ${stage.cmd}${nice ? ` (nice ${nice})` : ''}`);
  const cpu = cpuGroup(stage.name);
  // the shell joins the stage's cgroup before it runs the command, so every process it starts is counted
  // (a join refused only leaves the CPU unmeasured: the command runs all the same)
  const cmd = cpu ? `(echo $$ > ${cpu.dir}/cgroup.procs) 2>/dev/null; ${stage.cmd}` : stage.cmd;
  return new Promise((resolve) => {
    // a process group of its own: a stopped runner ends the stage with every process it started
    const [file, args] = nice ? ['nice', ['-n', String(nice), '/bin/sh', '-c', cmd]] : ['/bin/sh', ['-c', cmd]];
    const child = spawn(file, args, {
      cwd: root,
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
      cpu?.remove();
      results.set(stage.name, { result, seconds, cpuSeconds });
      const text = fs.readFileSync(logFile, 'utf8');
      process.stdout.write(`\n━━ ${stage.name} (${stage.cmd}) ━━\n${text}${text.endsWith('\n') ? '' : '\n'}`);
      console.log(
        `━━ ${stage.name}: ${result} in ${fmt(seconds)}${cpuText(cpuSeconds, seconds)}${code === 0 ? '' : signal ? ` (ended by ${signal})` : ` (exit ${code})`} ━━\n`,
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

/** Each stage's end (passed, failed or skipped), by name. */
const ends = new Map();
for (const name of known) {
  let resolve;
  ends.set(name, Object.assign(new Promise((r) => (resolve = r)), { resolve }));
}
const selected = (name) => !only || only.has(name);

async function lane({ after = [], nice = 0, stages }) {
  // a stage left out of TEST_STAGES counts as done
  await Promise.all(after.filter(selected).map((name) => ends.get(name)));
  for (const stage of stages.filter((s) => selected(s.name))) {
    await Promise.all((stage.needs ?? []).filter(selected).map((name) => ends.get(name)));
    const missing = (stage.needs ?? []).filter((n) => results.has(n) && results.get(n).result !== 'passed');
    if (missing.length) {
      results.set(stage.name, { result: 'skipped', seconds: 0, why: `${missing.join(', ')} did not pass` });
      console.log(`━━ ${stage.name}: not run, ${missing.join(', ')} did not pass ━━`);
    } else await run(stage, nice);
    ends.get(stage.name).resolve();
  }
}

// a lane waiting on a stage that never ends would leave nothing to run, and node would exit with code 0
// before the run's end: that fails the run instead
let finished = false;
process.on('exit', () => {
  if (finished || stopping) return;
  const left = [...known].filter((name) => selected(name) && !results.has(name));
  console.error(`npm test: the run stopped with ${left.join(', ')} never run (a lane waits on a stage that never ends)`);
  process.exitCode = 1;
});

const started = Date.now();
await Promise.all(LANES.map(lane));
finished = true;

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
console.log('stage        result    time');
for (const [name, r] of results)
  console.log(`${name.padEnd(12)} ${r.result.padEnd(9)} ${r.why ?? fmt(r.seconds) + cpuText(r.cpuSeconds, r.seconds)}`);
const passed = results.size > 0 && [...results.values()].every((r) => r.result === 'passed');
console.log(`${'all'.padEnd(12)} ${(passed ? 'passed' : 'FAILED').padEnd(9)} ${fmt(total)}`);
if (!passed) process.exitCode = 1;
