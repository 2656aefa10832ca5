import fs from 'node:fs';
import path from 'node:path';
import { ProviderError } from '../adapters/games/provider.js';
import { MemoryBooks, type SandboxBooks } from '../adapters/games/sandbox-books.js';
import type { Currency } from '../ledger/money.js';

// an account's currency: written since the books keep it (2026-12-01); an entry without one is read as baht, so a
// kip account opened before shows baht on the demo game page (demo books only; a new DATA_DIR starts right)
type Entry =
  | { op: 'open'; provider: string; username: string; password: string; now: number; currency?: Currency }
  | { op: 'password'; provider: string; username: string; password: string }
  | { op: 'move'; provider: string; username: string; amount: number; ref: string; kind: 'deposit' | 'withdraw'; now: number }
  | { op: 'cancel'; provider: string; ref: string; now: number }
  | { op: 'round'; provider: string; username: string; password: string; stake: number; win: boolean; now: number }
  // carried over from the wallet's tables of a release before the bridge (`games export-sandbox`)
  | { op: 'import-account'; provider: string; username: string; password: string; balance: number; currency?: Currency }
  | { op: 'import-ref'; provider: string; ref: string; state: 'applied' | 'void'; username: string; kind: string; amount: number }
  | { op: 'import-bet'; provider: string; username: string; stake: number; at: number };

export type JournalEntry = Entry;

/**
 * The sandbox bridge's own books (it is "another company": none of the wallet's database), kept in memory
 * and in a journal file of its own: each change is written and flushed to disk before it is made, so what
 * the bridge answered survives a crash, and a start replays the journal. A change the books refuse (too
 * little money, a cancelled ref) is refused again on replay, the same way. A last line a crash cut short
 * is no change: its call got no answer.
 */
export class FileBooks implements SandboxBooks {
  private readonly memory = new MemoryBooks();
  private chain: Promise<unknown> = Promise.resolve();

  private constructor(private readonly fd: number) {}

  /**
   * The books of `file`, its journal replayed (created empty when there is none). A last line a crash cut
   * short is cut off the file before anything is added, so the next change starts a line of its own; an
   * unreadable line before it is a damaged journal, and the books refuse to open on it.
   */
  static async open(file: string): Promise<FileBooks> {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const fd = fs.openSync(file, 'a+', 0o600);
    const text = fs.readFileSync(file, 'utf8');
    const whole = text.lastIndexOf('\n') + 1;
    if (whole < Buffer.byteLength(text)) {
      fs.ftruncateSync(fd, Buffer.byteLength(text.slice(0, whole)));
      fs.fdatasyncSync(fd);
    }
    const books = new FileBooks(fd);
    const lines = text.slice(0, whole).split('\n');
    for (const [i, line] of lines.entries()) {
      if (!line) continue;
      let entry: Entry;
      try {
        entry = JSON.parse(line) as Entry;
      } catch {
        fs.closeSync(fd);
        throw new Error(`${file}: line ${i + 1} is not a journal entry: the journal is damaged`);
      }
      // a change the books refused when it was made is refused again, the same way
      await books.apply(entry).catch(() => undefined);
    }
    return books;
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  private apply(e: Entry): Promise<unknown> {
    const m = this.memory;
    switch (e.op) {
      case 'open':
        return m.openAccount(e.provider, e.username, e.password, e.now, e.currency ?? 'BAHT');
      case 'password':
        return m.setPassword(e.provider, e.username, e.password);
      case 'move':
        return m.move(e.provider, e.username, e.amount, e.ref, e.kind);
      case 'cancel':
        return m.cancel(e.provider, e.ref);
      case 'round':
        return m.playRound(e.provider, e.username, e.password, e.stake, e.win, e.now);
      case 'import-account':
        return m.importAccount(e.provider, e.username, e.password, e.balance, e.currency ?? 'BAHT');
      case 'import-ref':
        return m.importRef(e);
      case 'import-bet':
        return m.importBet(e.provider, e.username, e.stake, e.at);
    }
  }

  /**
   * Written and flushed, then made: one change at a time, in the journal's order. A write or flush that
   * fails is taken back off the file (else a restart would make a change the caller was told was not
   * made); when even that fails, the process ends, and its books are the file's at the next start.
   */
  private change<T>(entry: Entry): Promise<T> {
    const next = this.chain.then(() => {
      const end = fs.fstatSync(this.fd).size;
      try {
        fs.writeSync(this.fd, `${JSON.stringify(entry)}\n`);
        fs.fdatasyncSync(this.fd);
      } catch (err) {
        try {
          fs.ftruncateSync(this.fd, end);
          fs.fdatasyncSync(this.fd);
        } catch {
          console.error(`game sandbox: the journal could not be written nor taken back (${(err as Error).message}); exiting`);
          process.exit(1);
        }
        throw new ProviderError(`sandbox books not written: ${(err as Error).message}`, 'unavailable');
      }
      return this.apply(entry) as Promise<T>;
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  openAccount(provider: string, username: string, password: string, now: number, currency: Currency): Promise<void> {
    return this.change({ op: 'open', provider, username, password, now, currency });
  }

  account(provider: string, username: string) {
    return this.memory.account(provider, username);
  }

  setPassword(provider: string, username: string, password: string): Promise<void> {
    return this.change({ op: 'password', provider, username, password });
  }

  move(provider: string, username: string, amount: number, ref: string, kind: 'deposit' | 'withdraw', now: number): Promise<void> {
    return this.change({ op: 'move', provider, username, amount, ref, kind, now });
  }

  refApplied(provider: string, ref: string): Promise<boolean> {
    return this.memory.refApplied(provider, ref);
  }

  refCancelled(provider: string, ref: string): Promise<boolean> {
    return this.memory.refCancelled(provider, ref);
  }

  cancel(provider: string, ref: string, now: number): Promise<void> {
    return this.change({ op: 'cancel', provider, ref, now });
  }

  betsSince(provider: string, username: string, since: number): Promise<number> {
    return this.memory.betsSince(provider, username, since);
  }

  playRound(provider: string, username: string, password: string, stake: number, win: boolean, now: number) {
    return this.change<{ balance: number; won: number }>({ op: 'round', provider, username, password, stake, win, now });
  }
}
