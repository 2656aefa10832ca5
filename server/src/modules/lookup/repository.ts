import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { inLanguage, type Lang, type Settings } from '../../settings/registry.js';
import { offeredBanks } from '../../settings/deposit-accounts.js';

/**
 * Every bank with its country, Thai and English names (§3) and `name`, the one for the member's
 * language: a member's bank is named even where registration no longer offers it.
 */
export async function banksIn(db: Kysely<DB>, lang: Lang) {
  const rows = await db.selectFrom('banks').select(['code', 'country', 'name_th', 'name_la', 'name_en']).orderBy('sort').execute();
  return rows.map((b) => ({
    code: b.code,
    country: b.country,
    nameTH: b.name_th,
    nameEN: b.name_en,
    nameLA: b.name_la,
    name: (lang === 'la' ? b.name_la : lang === 'en' ? b.name_en : b.name_th) || b.name_th,
  }));
}

/** Where members heard of us, described in the member's language (Thai where the operator gave none). */
export async function sourcesIn(db: Kysely<DB>, lang: Lang) {
  const rows = await db.selectFrom('sources').select(['code', 'description', 'description_la', 'description_en']).orderBy('sort').execute();
  return rows.map((s) => ({
    code: s.code,
    description: (lang === 'la' ? s.description_la : lang === 'en' ? s.description_en : s.description) || s.description,
  }));
}

/** A deposit account or QR provider in the member's language: the Lao name, else English on a Lao page, Thai elsewhere. */
export function depositIn(deposit: Settings['deposit'], lang: Lang, now: number) {
  return {
    ...deposit,
    // a retired account is no longer offered (its slips are still taken for a while: slips.ts)
    banks: offeredBanks(deposit, now).map(({ nameLA, retiredAt: _retired, ...b }) => ({
      ...b,
      name: lang === 'en' ? b.nameEN : lang === 'la' ? (nameLA ?? b.nameEN) : b.nameTH,
      bankAccountName: inLanguage(b.bankAccountName, lang),
    })),
  };
}
