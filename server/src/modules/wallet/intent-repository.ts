import type { Tx } from '../../db/transaction.js';

/** Transfer intents: a transfer between the wallet and a game, recorded before its provider is called. */

export type Direction = 'in' | 'out';

const INTENT_COLUMNS = ['id', 'member_id', 'provider', 'direction', 'amount', 'currency', 'journal_id', 'idempotency_key'] as const;

export interface IntentRow {
  id: number;
  member_id: number;
  provider: string;
  direction: Direction;
  amount: number;
  currency: string;
  journal_id: number;
  idempotency_key: string | null;
}

/** Open intents created at or before `createdBefore`, oldest first, with the game username their call used. */
export const openIntents = (tx: Tx, createdBefore: number): Promise<(IntentRow & { username: string })[]> =>
  tx
    .selectFrom('transfer_intents as i')
    .innerJoin('game_accounts as a', (join) => join.onRef('a.member_id', '=', 'i.member_id').onRef('a.provider', '=', 'i.provider'))
    .select([...INTENT_COLUMNS.map((c) => `i.${c}` as const), 'a.username'])
    .where('i.status', '=', 'open')
    .where('i.created_at', '<=', createdBefore)
    .orderBy('i.id')
    .execute();
