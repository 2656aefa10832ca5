/**
 * A small JSON value this device keeps in localStorage (read at once, unlike IndexedDB): undefined when none
 * is kept, it does not read, or storage is off.
 */
export function readLocalJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

/** Keeps it; with storage full or off it is forgotten, which each caller allows for. */
export function writeLocalJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // see above
  }
}
