import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findGame } from '../../adapters/games/catalog.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { Message } from '../../../../contract/message.js';
import { memberMoney } from '../../ledger/operations.js';
import { statementPage, type StatementRow } from './repository.js';
import { StatementBody, StatementQuery, StatementResponse, type StatementItem } from '../../../../contract/statement.js';
import { rewardsOfEntries } from '../bonus/service.js';
import { couponsOfEntries } from '../spinwheel/service.js';
import { inLanguage, type Lang, type LocalizedText } from '../../settings/registry.js';
import { programmeOf } from './programmes.js';

type RewardOfEntry = Awaited<ReturnType<typeof rewardsOfEntries>>[number];
type CouponOfEntry = Awaited<ReturnType<typeof couponsOfEntries>>[number];

/** The spin-wheel coupon an entry paid out: "<wheel>: <slice label>" in the member's language. */
function luckydraw(r: StatementRow, coupons: CouponOfEntry[], lang: Lang): Pick<StatementItem, 'luckydraw'> {
  const coupon = coupons.find((c) => c.claim_journal_id === r.id);
  if (!coupon) return {};
  const { wheel } = coupon;
  const slice = wheel.slices.find((s) => s.code === coupon.slice_code);
  const label = slice ? inLanguage(slice.label, lang) : coupon.slice_code;
  return { luckydraw: { coupon: coupon.id, code: coupon.slice_code, description: `${inLanguage(wheel.name, lang)}: ${label}` } };
}

/** The bonus or promotion an entry belongs to, named in the member's language. */
function related(r: StatementRow, rewards: RewardOfEntry[], lang: Lang): Pick<StatementItem, 'bonus' | 'promotion'> {
  const reward = rewards.find((x) => x.journal_id === r.id || x.finish_journal_id === r.id);
  if (!reward) return {};
  const finishReason = r.type === 'finish_bonus' && reward.finish_reason ? { finishReason: reward.finish_reason } : {};
  if (reward.bonus_code)
    return {
      bonus: { code: reward.bonus_code, description: inLanguage(JSON.parse(reward.name ?? '""') as LocalizedText, lang), ...finishReason },
    };
  const code = reward.promotion_code ?? '';
  return { promotion: { code, description: inLanguage(JSON.parse(reward.description ?? '""') as LocalizedText, lang), ...finishReason } };
}

function item(r: StatementRow, currency: Currency, rewards: RewardOfEntry[], coupons: CouponOfEntry[], lang: Lang): StatementItem {
  const game = findGame(r.from) ?? findGame(r.to);
  // a finish_bonus without postings moved no money (the turnover freed what was already in the wallet)
  const amount = r.walletDelta || (r.type === 'finish_bonus' ? 0 : r.amount);
  return {
    _id: r.id,
    statementType: r.type,
    status: r.status,
    from: r.from,
    to: r.to,
    // the wallet's side gives the sign; an entry that does not touch the wallet counts as +
    amount: toMajor(amount, currency),
    createdAt: new Date(r.createdAt).toISOString(),
    ...(game && { provider: { code: game.code, name: game.name } }),
    ...(r.bankCode && r.bankAccountNo && { bank: { code: r.bankCode, accountNo: r.bankAccountNo } }),
    ...related(r, rewards, lang),
    ...programmeOf(r, lang),
    ...luckydraw(r, coupons, lang),
  };
}

/** §7 statement, read from the journal: the member's visible entries, newest first. */
export const statementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.ctx.database.db;
  app.post(
    '/',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['statement'],
        security: [{ bearer: [] }],
        body: StatementBody,
        querystring: StatementQuery,
        response: { 200: StatementResponse, 400: Message, 401: Message },
      },
    },
    async (request) => {
      const { page, limit } = request.body;
      const { currency } = await memberMoney(db, request.memberId);
      const { total, rows } = await statementPage(db, request.memberId, page, limit);
      const rewards = await rewardsOfEntries(
        db,
        rows.filter((r) => r.type === 'bonus' || r.type === 'finish_bonus').map((r) => r.id),
      );
      const coupons = await couponsOfEntries(
        db,
        rows.filter((r) => r.type === 'bonus').map((r) => r.id),
      );
      const lang = request.query.lang ?? 'th';
      return { total, statements: rows.map((r) => item(r, currency, rewards, coupons, lang)) };
    },
  );
};
