import type { SettingKey } from './registry.js';

/**
 * What each setting is for, in a line, as the staff console lists them (GET /api/staff/settings). A setting
 * added to the registry without a line here fails the typecheck.
 */
export const settingDescriptions: Record<SettingKey, string> = {
  siteActive: "off: every member call answers 410 'gone' (the site is closed); staff keep working",
  registerOTP: 'registration asks for an SMS code sent to the phone',
  enableChatWidget: 'the chat button is shown to members and guests',
  info: "the site's name and website address",
  contact: 'the contact page: its text per language (HTML, sanitised by the site) and the LINE account',
  conditions: 'the conditions members accept, one text per item (HTML per language, sanitised by the site)',
  agreements: 'what a member agrees to before a withdrawal, one text per item (HTML per language)',
  notice: "the notice on the member's home screen (HTML per language, sanitised by the site)",
  withdraw: "withdrawal limits and the quick amounts, in the site's currency",
  deposit: 'the accounts and QR providers members deposit to, and whether deposits are confirmed by hand',
  slip: 'slip deposits: the smallest amount and the hours slips are checked',
  qrcode: 'payment QR codes: how long one stays payable, who payments go to, the most one may ask for',
  bonus: 'bonuses: when the active bonus can be cancelled, and kip per baht on the Lao site',
  invite: 'the invite programme: on or off, what an inviter earns, the turnover, the banners',
  refund: 'cashback on net losses: on or off, the period, the percentages, the minimum, the text and banners',
  coinRule: 'spin-wheel coins earned by deposits',
  spinwheel: 'the spin wheel: offered or not, and how long a won coupon lasts',
  chat: "the chat: on or off, and the greeter's text, quick replies and buttons per language",
  support:
    'the support inbox: the hours agents answer, what the greeter says when none is online, when a waiting chat turns red, the canned replies',
  uploads: 'upload budgets per address and per member, and the free-space floor',
  retention: 'when a quiet guest conversation is ended',
  adjustments:
    'the money policy of staff adjustments: what one staff member may credit alone by adjustments in 24 hours (and the largest debit alone); beyond it a second approver decides; changed by two admins',
  providerCache: "how long a game provider's launch link or balance stands for the same member",
  howto: "the how-to page's videos: titles per language, video and poster paths",
  transitStripes:
    'how many ledger accounts money in transit is spread over (16 on a new installation; 1 until every instance runs the release of 2026-11-27 or later)',
  providerFaults: 'sandbox game providers told to fail or hang (tests and drills)',
  sandboxPlay: "how the sandbox demo game's rounds end (tests and drills)",
  slipFault: 'the sandbox bank told to answer captcha, fail or hang (tests and drills)',
};
