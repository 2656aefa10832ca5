import { Type, type Static } from 'typebox';
import { Nullable } from './nullable.js';

/**
 * The staff console's calls (`/api/staff/*`, issue 23): staff accounts, their sign-in with a one-time
 * password, a password of their own and TOTP, the dashboard's counts and the audit trail. A staff session
 * is an HttpOnly, SameSite=Strict cookie (`staff_session`, path `/api/staff`): it never works on the member
 * API, nor a member's bearer token here. Every call that changes something sends the CSRF token of
 * `GET /api/staff/me` (or of the sign-in's last step) in the `x-csrf-token` header.
 *
 * Refusals answer `{ message: CODE }` (contract/message.ts): 401 STAFF_UNAUTHORIZED (no or an ended session),
 * 403 STAFF_FORBIDDEN (the role may not), 403 CSRF_INVALID, 401 STAFF_SIGNIN_FAIL (username or password;
 * never which), the member sign-in's throttling codes and statuses (a username or an address that failed
 * too often waits: server/src/modules/auth/lockout.ts; the username's own limit does not hold a browser
 * with the `staff_device` cookie of an earlier complete sign-in of that username), 401 TOTP_INVALID, 400 PASSWORD_WEAK, 401 STAFF_CHALLENGE_EXPIRED (the sign-in's steps took too long: start again),
 * 400 KEY_INVALID (a malformed body).
 */

export const STAFF_ROLES = ['agent', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
// spelled out: a mapped array's literals widen, and the schema's static type became never
export const StaffRoleSchema = Type.Union([Type.Literal('agent'), Type.Literal('finance'), Type.Literal('admin')]);

/**
 * The person behind who did something (`staff:<username>` or `cli:<username>`): the console's and the CLI's
 * same username are one person, as four-eyes and the money policy count them.
 */
export const personOf = (by: string) => by.slice(by.indexOf(':') + 1);

/** A staff password: at least this long, and not the one-time password it replaces. */
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;
/** Different characters (not counting spaces) a staff password has at least: twelve spaces or 'aaaaaaaaaaaa' are no password. */
export const STAFF_PASSWORD_DISTINCT = 6;
export type StaffPasswordProblem = 'short' | 'few-characters' | 'has-username';

/**
 * Why a staff password is refused (400 PASSWORD_WEAK), or undefined: the console says it before sending,
 * the server checks it again. The server also refuses one that holds the one-time password it replaces,
 * which only the server knows.
 */
export function staffPasswordProblem(password: string, username: string): StaffPasswordProblem | undefined {
  const chars = [...password];
  if (chars.length < STAFF_PASSWORD_MIN) return 'short';
  if (new Set(chars.filter((c) => !/\s/u.test(c))).size < STAFF_PASSWORD_DISTINCT) return 'few-characters';
  if (username && password.toLowerCase().includes(username.toLowerCase())) return 'has-username';
  return undefined;
}
export const STAFF_USERNAME_PATTERN = '^[a-z][a-z0-9._-]{2,31}$';
/** Names no staff member may have: the audit trail's `cli:system` and the CLI would read as a person's. */
export const STAFF_RESERVED_NAMES: readonly string[] = ['system', 'cli', 'staff'];
/**
 * Minutes a staff session lives without use (issue 23: 30). A call the console marks with
 * STAFF_BACKGROUND_HEADER (a refresh while nobody touched the page) does not count as use.
 */
export const STAFF_IDLE_MINUTES = 30;
/** Hours a staff session lives at most, however much it is used: then the sign-in (password and TOTP) again. */
export const STAFF_SESSION_MAX_HOURS = 12;
/** `x-staff-background: 1`: the console made this call on its own (a timed refresh), not for a person at the page. */
export const STAFF_BACKGROUND_HEADER = 'x-staff-background';

export const StaffMe = Type.Object({
  username: Type.String(),
  role: StaffRoleSchema,
  /** The token every changing call sends back in `x-csrf-token`. */
  csrfToken: Type.String(),
  /** A staging site (NODE_ENV=staging): the console says it is a test site. */
  testSite: Type.Optional(Type.Boolean()),
});
export type StaffMe = Static<typeof StaffMe>;

/** POST /api/staff/auth/sign-in: the first step. A challenge cookie carries the steps after it (10 min). */
export const StaffSignInBody = Type.Object({
  username: Type.String({ maxLength: 32 }),
  password: Type.String({ maxLength: STAFF_PASSWORD_MAX }),
});
export type StaffSignInBody = Static<typeof StaffSignInBody>;

/** POST /api/staff/auth/password (step `set-password`): the staff member's own password replaces the one-time one. */
export const StaffPasswordBody = Type.Object({ newPassword: Type.String({ maxLength: STAFF_PASSWORD_MAX }) });
export type StaffPasswordBody = Static<typeof StaffPasswordBody>;

/** POST /api/staff/auth/totp (steps `totp` and `enrol-totp`): the authenticator's 6 digits. */
export const StaffTotpBody = Type.Object({ code: Type.String({ maxLength: 6 }) });
export type StaffTotpBody = Static<typeof StaffTotpBody>;

/**
 * What the sign-in asks next. `enrol-totp` carries the secret as an otpauth:// URI and as a QR image
 * (a PNG data URL) that any authenticator app reads; the first code from it confirms the enrolment.
 * `done` has set the session cookie.
 */
export const StaffSignInStep = Type.Union([
  Type.Object({ next: Type.Literal('set-password') }),
  Type.Object({ next: Type.Literal('enrol-totp'), otpauthUri: Type.String(), qrDataUrl: Type.String() }),
  Type.Object({ next: Type.Literal('totp') }),
  Type.Object({ next: Type.Literal('done'), staff: StaffMe }),
]);
export type StaffSignInStep = Static<typeof StaffSignInStep>;

/**
 * GET /api/staff/banks: the banks' names, for the codes the queues and a member's page carry: the site's
 * (`KBANK`) and, on a slip, the Bank of Thailand's that the slip's QR names (`004`; null when none).
 */
export const StaffBanks = Type.Object({
  banks: Type.Array(
    Type.Object({
      code: Type.String(),
      slipCode: Type.Union([Type.String(), Type.Null()]),
      nameTH: Type.String(),
      nameEN: Type.String(),
      /** The Lao name, null where the operator gave none (the console in Lao then says the English one). */
      nameLA: Nullable(Type.String()),
    }),
  ),
});
export type StaffBanks = Static<typeof StaffBanks>;

/** GET /api/staff/dashboard: the work queues' counts. */
export const StaffDashboard = Type.Object({
  slipsInReview: Type.Integer(),
  withdrawalsWaiting: Type.Integer(),
  depositRequestsWaiting: Type.Integer(),
  /** Gateway payments that credited nobody (contract/staff-payments.ts). */
  unmatchedPayments: Type.Integer(),
  /** Open support conversations waiting for an agent's answer (contract/staff-inbox.ts). */
  chatsWaiting: Type.Integer(),
  /** Bank statement lines waiting for a person: matched to no one, or held by the money policy (contract/staff-statements.ts). */
  statementLinesWaiting: Type.Integer(),
  /** Staff "End bonus" calls held for a second person (contract/staff-members.ts WaitingBonusEnd). */
  bonusEndsWaiting: Type.Integer(),
});
export type StaffDashboard = Static<typeof StaffDashboard>;

/**
 * What the site still lacks before real members come, for admins (GET /api/staff/go-live): a deposit
 * account, a contact, demo data gone, and each outside system a real one (SMS, slip verifier, payment
 * gateway, game provider). Codes, worded by the console.
 */
export const GoLiveItem = Type.Union([
  Type.Literal('DEPOSIT_ACCOUNT'),
  Type.Literal('CONTACT'),
  Type.Literal('DEMO_DATA'),
  Type.Literal('SMS_LOG'),
  Type.Literal('SLIP_SANDBOX'),
  Type.Literal('GATEWAY_SANDBOX'),
  Type.Literal('GIFTLINK_SANDBOX'),
  Type.Literal('GAME_SANDBOX'),
]);
export type GoLiveItem = Static<typeof GoLiveItem>;
export const GoLive = Type.Object({ missing: Type.Array(GoLiveItem) });
export type GoLive = Static<typeof GoLive>;

/** An admin's test text through the site's SMS provider, to their own phone (POST /api/staff/go-live/test-sms). */
export const GoLiveTestSms = Type.Object({ phone: Type.String({ minLength: 1, maxLength: 20 }) });
/** Sent, with the code the text carries (tied to no member); or not, with the provider's reason. */
export const GoLiveTestSmsAnswer = Type.Object({
  sent: Type.Boolean(),
  code: Type.Optional(Type.String()),
  detail: Type.Optional(Type.String()),
});
export type GoLiveTestSmsAnswer = Static<typeof GoLiveTestSmsAnswer>;

/**
 * A sample slip checked as a member's would be, crediting nothing (POST /api/staff/go-live/test-slip): what
 * the verifier said of its transfer (the amount in baht or kip, accounts masked as slips show them,
 * whether it went to one of the site's deposit accounts), or why it said nothing. `account`: OURS, one of
 * them; NOT_OURS, none; AMBIGUOUS, the shown digits are those of two of ours, or of one of ours and one
 * retired past its grace, so a member's slip like it waits for a person (SLIP_ACCOUNT_AMBIGUOUS).
 */
export const GoLiveSlipCheck = Type.Union([
  Type.Object({
    result: Type.Literal('FOUND'),
    amount: Type.Number(),
    currency: Type.String(),
    sender: Type.String(),
    receiver: Type.String(),
    account: Type.Union([Type.Literal('OURS'), Type.Literal('NOT_OURS'), Type.Literal('AMBIGUOUS')]),
    time: Type.String({ format: 'date-time' }),
    reference: Type.String(),
  }),
  Type.Object({
    result: Type.Union([
      Type.Literal('NOT_FOUND'),
      Type.Literal('UNREADABLE'),
      Type.Literal('CAPTCHA'),
      Type.Literal('NO_ANSWER'),
      Type.Literal('BUSY'),
    ]),
  }),
]);
export type GoLiveSlipCheck = Static<typeof GoLiveSlipCheck>;

/**
 * A test QR code of the payment gateway, for the least it takes (POST /api/staff/go-live/test-qr): its
 * SVG to pay from a staff member's own banking app, whose payment is kept unmatched (TEST_PAYMENT) for
 * finance to refund; or why the gateway made none.
 */
export const GoLiveTestQr = Type.Union([
  Type.Object({ made: Type.Literal(true), ref: Type.String(), amount: Type.Number(), qrcode: Type.String() }),
  Type.Object({ made: Type.Literal(false), detail: Type.String() }),
]);
export type GoLiveTestQr = Static<typeof GoLiveTestQr>;

/** Who made a change: a staff member (by username) or the operator CLI (`system`, or `--as <staff>`). */
export const AuditActor = Type.Object({ kind: Type.Union([Type.Literal('staff'), Type.Literal('cli')]), username: Type.String() });

/** One row of the append-only audit trail. `before`/`after` are JSON values of what changed (or null). */
export const AuditRow = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  actor: AuditActor,
  /** What was done, e.g. `settings.set`, `member.disable`, `slip.approve`, `staff.add`, `staff.sign-in`. */
  action: Type.String(),
  /** What it was done to, e.g. `member:0812345678`, `setting:registerOTP`, `slip:12`, `staff:somchai`. */
  target: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  reason: Type.Union([Type.String(), Type.Null()]),
  /** The address the change came from (the forwarded one behind the proxy); null for the CLI. */
  ip: Type.Union([Type.String(), Type.Null()]),
  /** The member the change is about, whatever its target (issue 36), or null. */
  member: Type.Union([Type.Object({ id: Type.Integer(), phone: Type.String() }), Type.Null()]),
  /** The amount it is about in the member's money, as recorded: '6000.00 BAHT'; null when none. */
  money: Type.Union([Type.String(), Type.Null()]),
});
export type AuditRow = Static<typeof AuditRow>;

/**
 * GET /api/staff/audit (admin): newest first, filtered; `before` is the last page's smallest id. A target
 * `member:<phone>` finds every row about that member: its own, and those filed under them (a slip, a
 * withdrawal, an adjustment of theirs).
 */
export const AuditQuery = Type.Object({
  actor: Type.Optional(Type.String({ maxLength: 32 })),
  action: Type.Optional(Type.String({ maxLength: 64 })),
  target: Type.Optional(Type.String({ maxLength: 128 })),
  before: Type.Optional(Type.String({ pattern: '^[0-9]{1,12}$' })),
});
export type AuditQuery = Static<typeof AuditQuery>;
export const AUDIT_PAGE_SIZE = 50;
export const AuditPage = Type.Object({ rows: Type.Array(AuditRow), more: Type.Boolean() });
export type AuditPage = Static<typeof AuditPage>;
