import type { Generated } from 'kysely';

// Game accounts, transfers and the sandbox provider (migrations 0003, intents, bonuses).

export interface GameAccountsTable {
  id: Generated<number>;
  member_id: number;
  provider: string;
  username: string;
  password: string;
  created_at: number;
}

/** A transfer between wallet and a game, recorded before the provider is called (see games/transfers.ts). */
export interface TransferIntentsTable {
  id: Generated<number>;
  member_id: number;
  provider: string;
  direction: 'in' | 'out';
  amount: number;
  currency: string;
  status: 'open' | 'settled' | 'compensated';
  journal_id: number;
  created_at: number;
  resolved_at: number | null;
  /** The Idempotency-Key (of member_id) the transfer was started with: the sweep finishes it with the intent. */
  idempotency_key: string | null;
}

/** The sandbox provider's own books: it is "another company", so it keeps its own tables. */
export interface SandboxGameAccountsTable {
  provider: string;
  username: string;
  password: string;
  balance: number;
  turnover: number;
  created_at: number;
  /** the member's, named by the wallet when it opened the account (migration 0057) */
  currency: Generated<string>;
}

export interface SandboxGameRefsTable {
  provider: string;
  ref: string;
  username: string;
  kind: 'deposit' | 'withdraw';
  amount: number;
  state: 'applied' | 'void';
  created_at: number;
}

/** The sandbox provider's bet log. */
export interface SandboxGameBetsTable {
  id: Generated<number>;
  provider: string;
  username: string;
  stake: number;
  created_at: number;
}

export interface GameTables {
  game_accounts: GameAccountsTable;
  transfer_intents: TransferIntentsTable;
  sandbox_game_accounts: SandboxGameAccountsTable;
  sandbox_game_refs: SandboxGameRefsTable;
  sandbox_game_bets: SandboxGameBetsTable;
}
