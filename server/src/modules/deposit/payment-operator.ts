import { ApiError } from '../../lib/errors.js';
import type { CommandSet } from '../../operator/command-sets.js';
import { parseOptions, UsageError, waitsForSecond } from '../../operator/common.js';
import { CLI_SYSTEM, givenReason } from '../audit/service.js';
import { attachPayment, refundPayment } from './unmatched-payments.js';

/** What a refusal of the service says on the terminal. */
const sentences: Record<string, (id: string) => string> = {
  NO_DATA: (id) => `no payment ${id}, or no member with that phone`,
  PAYMENT_NOT_UNMATCHED: (id) => `payment ${id} is not unmatched (already attached or refunded, or credited by its code)`,
  PAYMENT_CURRENCY_MISMATCH: (id) => `payment ${id} is in another currency than the member's wallet`,
  STAFF_FORBIDDEN: () => 'attaching a payment credits money on your word: --as <username> of a finance clerk or admin who is not disabled',
  FOUR_EYES: (id) => `you asked to attach payment ${id}: a second finance clerk or admin attaches it to the same member (--as <another>)`,
};

/**
 * The operator's answer to an unmatched gateway payment (see `qr list`): the same service as the staff
 * console's, so the rule, the audit row (actor `cli:system`, or `--as <staff>`) and the member's event agree.
 */
export const paymentCommands: CommandSet = {
  help: `  npm run operator -- payment attach <gatewayTxnId> <phone> --reason "..." --as <username>  credit an unmatched payment to the member (a QR deposit);
                                                past the money policy's allowance it waits for a second finance clerk or admin
  npm run operator -- payment refunded <gatewayTxnId> --reason "..." [--ref <bank ref>]  mark an unmatched payment refunded outside the ledger, nothing credited
`,
  async run(env, args, print) {
    const [group, action, id, ...rest] = args;
    if (group !== 'payment' || (action !== 'attach' && action !== 'refunded')) return false;
    if (!id) throw new UsageError(`payment ${action} needs a gateway transaction id (see qr list)`);
    const phone = action === 'attach' ? rest.shift() : undefined;
    if (action === 'attach' && (!phone || phone.startsWith('--'))) throw new UsageError("payment attach needs the member's phone");
    const { reason, ref } = parseOptions(rest, action === 'attach' ? ['reason'] : ['reason', 'ref']);
    if (!givenReason(reason)) throw new UsageError(`payment ${action} needs a reason: --reason "..." (3 to 500 characters)`);
    const ctx = { database: env.database, now: Date.now };
    const by = { actor: env.actor ?? CLI_SYSTEM };
    try {
      if (action === 'attach') {
        const credited = await attachPayment(ctx, by, { gatewayTxnId: id, phone: phone!, reason: reason! });
        print(
          credited.waits
            ? waitsForSecond(
                `payment ${id}: attaching ${credited.amount} ${credited.currency} to ${phone}`,
                credited.waits,
                `payment attach ${id} ${phone} --reason "..."`,
              )
            : `payment ${id} attached to ${phone}: ${credited.amount} ${credited.currency} credited`,
        );
      } else {
        await refundPayment(ctx, by, { gatewayTxnId: id, reason: reason!, reference: ref });
        print(`payment ${id} marked refunded: nothing credited`);
      }
    } catch (err) {
      if (err instanceof ApiError) throw new UsageError((sentences[err.code] ?? ((i: string) => `payment ${i}: ${err.code}`))(id));
      throw err;
    }
    return true;
  },
};
