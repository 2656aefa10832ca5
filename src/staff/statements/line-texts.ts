import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Why a line waits in the queue (server/src/modules/bank-statement/match.ts), or why its credit waits (the money policy). */
export const WHY: Record<string, MessageDescriptor> = {
  NO_MATCH: msg`No waiting request, earlier credit or member matches it`,
  AMBIGUOUS: msg`More than one match: a person must choose`,
  NAME_MISSING: msg`The account fits, but the statement names nobody`,
  MAYBE_CREDITED: msg`Several slips, QR payments or requests of this amount were credited near that time: most likely one was this transfer. Check before crediting it again`,
  MAYBE_IMPORTED: msg`An earlier import has a line of this amount into this account at that minute: most likely the same transfer, exported again. Check before crediting it again`,
  amount: msg`Above what one person may credit alone`,
  day: msg`Passes what one person may credit alone in 24 hours`,
};

/** What a line did, after the import. */
export const STATUS: Record<string, MessageDescriptor> = {
  CREDITED: msg`Credited`,
  LINKED: msg`Linked to the credit already made`,
  WAITING: msg`Waits for a second finance clerk or admin`,
  UNMATCHED: msg`In the queue`,
};

/** The banks whose layouts the server reads. */
export const BANK_NAMES: Record<string, MessageDescriptor> = {
  KBANK: msg`Kasikornbank (K-BIZ)`,
  SCB: msg`Siam Commercial Bank`,
  KTB: msg`Krungthai Bank`,
  BCEL: msg`BCEL (BCEL One, i-Bank)`,
};
