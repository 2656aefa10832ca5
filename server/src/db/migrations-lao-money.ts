import type { Kysely, Migration } from 'kysely';

/**
 * Issue 21, the Lao market: each bank belongs to a country (TH, LA), and registration offers the banks
 * of its site's country (contract/account-rules.ts BANK_COUNTRY), so a Lao member no longer picks from
 * eleven Thai banks. The Lao banks themselves, and the kip figures of a Lao database seeded with the
 * Thai site's, are added by the seed, which knows the site (db/seed-lao.ts).
 */
export function laoMoneyMigrations(): Record<string, Migration> {
  return {
    '0022_lao_money': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('banks')
          .addColumn('country', 'text', (c) => c.notNull().defaultTo('TH'))
          .execute();
        const banks = db as unknown as Kysely<{ banks: { code: string; country: string } }>;
        await banks.updateTable('banks').set({ country: 'LA' }).where('code', '=', 'BCEL').execute();
      },
    },
  };
}
