import type { StaffDashboard } from '../../../../contract/staff.js';
import type { Database } from '../../db/database.js';
import { statementLinesWaiting } from '../bank-statement/service.js';
import { bonusEndsWaiting } from '../bonus/service.js';

type Db = Database['db'];

/**
 * The dashboard's counts. Each reads an index (the PENDING partial indexes, slips_due_idx,
 * qr_payments_unmatched of 0050, chat_rooms_open_idx, statement_lines_queue_idx of 0048), never a whole
 * table: server/test/console-scale.test.ts.
 */
export async function dashboardCounts(db: Db): Promise<StaffDashboard> {
  const count = async (table: 'slips' | 'withdrawals' | 'deposit_requests' | 'qr_payments', status: string) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', status as never)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    slipsInReview: await count('slips', 'REVIEW'),
    withdrawalsWaiting: await count('withdrawals', 'PENDING'),
    depositRequestsWaiting: await count('deposit_requests', 'PENDING'),
    unmatchedPayments: await count('qr_payments', 'UNMATCHED'),
    chatsWaiting: Number(
      (
        await db
          .selectFrom('chat_rooms')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('ended_at', 'is', null)
          .where('waiting_since', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    statementLinesWaiting: Number((await statementLinesWaiting(db).executeTakeFirstOrThrow()).n),
    bonusEndsWaiting: await bonusEndsWaiting(db),
  };
}
