import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyContextConfig } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { ContactSchema, DepositSchema, inLanguage, SlipSchema, type Lang } from '../../settings/registry.js';
import { InfoAnswer } from '../../../../contract/lookup.js';
import { LangQuery } from '../../settings/localized.js';
import { banksIn, depositIn, sourcesIn } from './repository.js';
import { manualMaximum, QUICK_AMOUNTS, siteCurrency, siteLimit } from '../../lib/site-money.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import {
  ActiveResponse,
  AgreementsResponse,
  BanksResponse,
  ChatWidgetResponse,
  ConditionsResponse,
  CurrencyQuery,
  HowtoResponse,
  NoticeResponse,
  RegisterOtpResponse,
  SourcesResponse,
  WithdrawLookupResponse,
} from '../../../../contract/lookup.js';

/**
 * §7 lookups. Public and cacheable (the service worker keeps them, one copy per `?lang=`); a terminated
 * site answers every one but `contact` with 410 gone before it reaches these handlers, so `active` only ever says true.
 */
export const lookupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  const get = <S extends TSchema>(
    path: string,
    schema: S,
    handler: (lang: Lang) => Static<S> | Promise<Static<S>>,
    config: FastifyContextConfig = {},
  ) =>
    // typed by the helper's signature; widening the schema keeps the provider's inference out of the way
    app.get(path, { config, schema: { tags: ['lookup'], querystring: LangQuery, response: { 200: schema as TSchema } } }, (request) =>
      handler(request.query.lang ?? 'th'),
    );

  get('/banks', BanksResponse, async (lang) => ({ banks: await banksIn(db, lang) }));
  get('/sources', SourcesResponse, async (lang) => ({ sources: await sourcesIn(db, lang) }));
  get('/info', InfoAnswer, () => ({ ...ctx.settings.get('info'), ...(ctx.config.staging ? { testSite: true } : {}) }));
  // a closed site still says how to reach support (/terminated shows it): the one lookup it answers
  get(
    '/contact',
    ContactSchema,
    (lang) => {
      const contact = ctx.settings.get('contact');
      return { ...contact, contactText: inLanguage(contact.contactText, lang) };
    },
    { answersWhenClosed: true },
  );
  get('/conditions', ConditionsResponse, (lang) => ({ conditions: ctx.settings.get('conditions').map((c) => inLanguage(c, lang)) }));
  get('/agreements', AgreementsResponse, (lang) => ({ agreements: ctx.settings.get('agreements').map((a) => inLanguage(a, lang)) }));
  get('/howto', HowtoResponse, (lang) => ({
    videos: ctx.settings.get('howto').videos.map((v) => ({ ...v, title: inLanguage(v.title, lang) })),
  }));
  get('/notice', NoticeResponse, (lang) => ({ notice: inLanguage(ctx.settings.get('notice'), lang) }));
  get('/deposit', DepositSchema, (lang) => depositIn(ctx.settings.get('deposit'), lang, ctx.now()));
  // limits in the site's currency; `?currency=` the other: converted as the server will check them
  const inCurrency = (major: number, currency: Currency | undefined) =>
    currency ? toMajor(siteLimit(ctx, major, currency), currency) : major;
  app.get(
    '/withdraw',
    { schema: { tags: ['lookup'], querystring: CurrencyQuery, response: { 200: WithdrawLookupResponse } } },
    (request) => {
      const limits = ctx.settings.get('withdraw');
      const currency = request.query.currency ?? siteCurrency(ctx.config);
      const withdrawMin = inCurrency(limits.withdrawMin, request.query.currency);
      const withdrawMax = inCurrency(limits.withdrawMax, request.query.currency);
      // round numbers of the member's own currency, never a kip figure converted to baht; none the server would refuse
      const quick = limits.quickAmounts?.[currency] ?? QUICK_AMOUNTS[currency];
      return { withdrawMin, withdrawMax, quickAmounts: quick.filter((a) => a >= withdrawMin && a <= withdrawMax) };
    },
  );
  app.get('/slip', { schema: { tags: ['lookup'], querystring: CurrencyQuery, response: { 200: SlipSchema } } }, (request) => {
    const slip = ctx.settings.get('slip');
    return {
      ...slip,
      minDeposit: inCurrency(slip.minDeposit, request.query.currency),
      manualMaximum: inCurrency(manualMaximum(ctx.config, slip), request.query.currency),
    };
  });
  get('/active', ActiveResponse, () => ({ active: true as const }));
  get('/registerOTP', RegisterOtpResponse, () => ({ registerOTP: ctx.settings.get('registerOTP') }));
  // the widget only where a chat backend answers (GET /api/chat/config)
  get('/enableChatWidget', ChatWidgetResponse, () => ({
    enableChatWidget: ctx.settings.get('enableChatWidget') && ctx.settings.get('chat').enabled,
  }));
};
