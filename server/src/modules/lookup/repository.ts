import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Lang } from '../../settings/registry.js';

/** Banks with their Thai and English names (§3) and `name`, the one for the member's language. */
export async function banksIn(db: Kysely<DB>, lang: Lang) {
  const rows = await db.selectFrom('banks').select(['code', 'name_th', 'name_la', 'name_en']).orderBy('sort').execute();
  return rows.map((b) => ({
    code: b.code,
    nameTH: b.name_th,
    nameEN: b.name_en,
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
