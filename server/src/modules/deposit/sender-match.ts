import { maskedMatches } from '../../adapters/slip/bank.js';

/**
 * Is the bank's sender of a slip this member? Banks answer the sender's name as they print it on slips:
 * with a title (นาย, น.ส., MR., ທ້າວ), in Thai or English, and the surname cut to its first letters or
 * masked ("นาย สมชาย ใ", "MR. SOMCHAI J***"); the account number masked but for a few digits at places of
 * their choosing ("xxx-x-x4567-x"). The member's side is what they registered: bank, account number and
 * the account's name. Anything this cannot confirm is not a match: the caller leaves it to the operator.
 */

/** Titles as the normaliser leaves them (dots gone), longest first so นางสาว is tried before นาง. */
const TITLES = [
  ['นางสาว'],
  ['เด็กชาย'],
  ['เด็กหญิง'],
  ['นาย'],
  ['นาง'],
  ['คุณ'],
  ['น', 'ส'],
  ['ด', 'ช'],
  ['ด', 'ญ'],
  ['MRS'],
  ['MR'],
  ['MISS'],
  ['MS'],
  ['MSTR'],
  ['KHUN'],
  ['ທ່ານນາງ'],
  ['ທ່ານ'],
  ['ທ້າວ'],
  ['ນາງສາວ'],
  ['ນາງ'],
  ['ນ', 'ສ'],
].map((t) => t.map((w) => w.normalize('NFKC')));

/** NFKC (Thai ำ written as ํ + า, full-width letters), one case, no dots, commas or zero-width marks, single spaces. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\u200B-\u200D\uFEFF]/g, '')
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** The ways a name can be read: as written, and without a leading title, standing alone or written onto the first name (นายสมชาย). */
function readings(words: string[]): string[][] {
  const out = [words];
  for (const title of TITLES) {
    if (title.every((w, i) => words[i] === w) && words.length > title.length) out.push(words.slice(title.length));
    const last = title[title.length - 1]!;
    const glued = words[title.length - 1];
    if (title.slice(0, -1).every((w, i) => words[i] === w) && glued && glued.length > last.length && glued.startsWith(last))
      out.push([glued.slice(last.length), ...words.slice(title.length)]);
  }
  return out;
}

/** What a bank shows of a surname: masks (x, *, •) and an ellipsis at its end hide the rest. */
const shownPart = (surname: string) => surname.replace(/[X*•…_-]+$/u, '');

/** First name equal; the surname the bank shows (possibly cut short) a prefix of the registered one. */
function sameName(bank: string[], registered: string[]): boolean {
  const [first, ...rest] = bank;
  const [ownFirst, ...ownRest] = registered;
  if (!first || first !== ownFirst) return false;
  const shown = shownPart(rest.join(''));
  const own = ownRest.join('');
  // a registered surname the bank says nothing of proves nothing: at least its first letter must show
  if (!own) return !shown;
  return shown.length > 0 && own.startsWith(shown);
}

/** True when the bank's sender name can be one of the member's account names (Thai or English). */
export function senderNameMatches(bankName: string, accountNames: readonly string[]): boolean {
  const bank = readings(nameWords(bankName));
  return accountNames.some((name) => {
    const own = readings(nameWords(name));
    return bank.some((b) => own.some((o) => sameName(b, o)));
  });
}

/** The whole check: same bank, every digit the bank shows in its place, and the name. */
export function senderMatches(
  sender: { bank: string; account: string; name: string },
  member: { bank_code: string; bank_account_no: string; accountNames: readonly string[] },
): boolean {
  return (
    sender.bank === member.bank_code &&
    maskedMatches(sender.account, member.bank_account_no) &&
    senderNameMatches(sender.name, member.accountNames)
  );
}
