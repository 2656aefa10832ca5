import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from 'typebox';
import { ContactSchema, DepositSchema, InfoSchema, SlipSchema, WithdrawLimitsSchema } from '../../settings/registry.js';
import {
  ActiveResponse,
  AgreementsResponse,
  BanksResponse,
  ChatWidgetResponse,
  ConditionsResponse,
  NoticeResponse,
  RegisterOtpResponse,
  SourcesResponse,
} from './schemas.js';

/**
 * §7 lookups. Public and cacheable (the service worker keeps them); a terminated site answers every
 * one with 410 gone before it reaches these handlers, so `active` only ever says true.
 */
export const lookupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  const get = <S extends TSchema>(path: string, schema: S, handler: () => Static<S> | Promise<Static<S>>) =>
    // typed by the helper's signature; widening the schema keeps the provider's inference out of the way
    app.get(path, { schema: { tags: ['lookup'], response: { 200: schema as TSchema } } }, handler);

  get('/banks', BanksResponse, async () => ({
    banks: (await db.selectFrom('banks').select(['code', 'name_th', 'name_en']).orderBy('sort').execute()).map((b) => ({
      code: b.code,
      nameTH: b.name_th,
      nameEN: b.name_en,
    })),
  }));
  get('/sources', SourcesResponse, async () => ({
    sources: await db.selectFrom('sources').select(['code', 'description']).orderBy('sort').execute(),
  }));
  get('/info', InfoSchema, () => ctx.settings.get('info'));
  get('/contact', ContactSchema, () => ctx.settings.get('contact'));
  get('/conditions', ConditionsResponse, () => ({ conditions: ctx.settings.get('conditions') }));
  get('/agreements', AgreementsResponse, () => ({ agreements: ctx.settings.get('agreements') }));
  get('/notice', NoticeResponse, () => ({ notice: ctx.settings.get('notice') }));
  get('/withdraw', WithdrawLimitsSchema, () => ctx.settings.get('withdraw'));
  get('/deposit', DepositSchema, () => ctx.settings.get('deposit'));
  get('/slip', SlipSchema, () => ctx.settings.get('slip'));
  get('/active', ActiveResponse, () => ({ active: true as const }));
  get('/registerOTP', RegisterOtpResponse, () => ({ registerOTP: ctx.settings.get('registerOTP') }));
  get('/enableChatWidget', ChatWidgetResponse, () => ({ enableChatWidget: ctx.settings.get('enableChatWidget') }));
};
