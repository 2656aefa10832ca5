import type { Database } from '../src/db/database.js';
import { withTransaction } from '../src/db/transaction.js';
import { creditDeposit, memberMoney } from '../src/ledger/operations.js';
import { hashPassword } from '../src/lib/password.js';

/** How the members are made: the i-th member's phone, bank account number and name (also its bank account name). */
export interface MembersWithMoney {
  count: number;
  phone: (i: number) => string;
  account: (i: number) => string;
  name: (i: number) => string;
  password: string;
  /** Each one's deposit, minor units (baht). */
  minor: number;
  /** The deposit's source on the statement. */
  source: string;
}

/**
 * Members made straight in the database, each credited its deposit through the ledger (a balanced entry): the
 * crash tests and `npm run bench:load` start from these rather than registering hundreds through OTP. Their phones.
 */
export async function membersWithMoney(database: Database, m: MembersWithMoney): Promise<string[]> {
  const passwordHash = await hashPassword(m.password);
  const phones: string[] = [];
  for (let i = 0; i < m.count; i++) {
    const phone = m.phone(i);
    const { id } = await database.db
      .insertInto('members')
      .values({
        phone,
        name: m.name(i),
        password_hash: passwordHash,
        status: 'active',
        currency: 'BAHT',
        bank_code: 'SCB',
        bank_account_name: m.name(i),
        bank_account_no: m.account(i),
        bank_changed_at: null,
        source_code: null,
        inviter_id: null,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await withTransaction(database, async (tx) => creditDeposit(tx, await memberMoney(tx, id), m.minor, m.source, Date.now()));
    phones.push(phone);
  }
  return phones;
}
