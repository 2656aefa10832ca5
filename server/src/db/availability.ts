/**
 * Whether the database can be reached, as the API's answers need it (issue 39): a request that lost its
 * connection (refused, dropped, the pool's connect timeout) asks for a probe; a probe that fails marks the
 * database down, and until a probe answers again every /api request is answered 503 SERVICE_UNAVAILABLE at
 * once instead of each waiting on the pool's connect timeout. A connection ended on its own (a restart of
 * one backend) passes the probe and changes nothing.
 */
export interface DatabaseWatch {
  readonly down: boolean;
  /** A request lost its connection: probe now (once at a time). */
  lost(): void;
  stop(): void;
}

/** How long a probe may take before it counts as failed, and the pause between probes while down. */
export const PROBE_TIMEOUT_MS = 2000;
export const PROBE_EVERY_MS = 1000;

export function watchDatabase(probe: () => Promise<unknown>, onChange: (down: boolean) => void = () => undefined): DatabaseWatch {
  let down = false;
  let probing = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const bounded = () => {
    let late: NodeJS.Timeout | undefined;
    return Promise.race([
      probe(),
      new Promise((_resolve, reject) => {
        late = setTimeout(() => reject(new Error(`no answer in ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(late));
  };
  const run = async () => {
    if (probing || stopped) return;
    probing = true;
    try {
      await bounded();
      if (down) onChange((down = false));
    } catch {
      if (!down) onChange((down = true));
      timer = setTimeout(() => void run(), PROBE_EVERY_MS);
      timer.unref();
    } finally {
      probing = false;
    }
  };
  return {
    get down() {
      return down;
    },
    lost: () => void run(),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
