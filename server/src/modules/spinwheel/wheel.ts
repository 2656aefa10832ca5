import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { Tx } from '../../db/transaction.js';
import { toMajor, toMinor, type Currency } from '../../ledger/money.js';
import { LocalizedText } from '../../settings/registry.js';
import { badMoneyPlaceholder, MONEY_PLACEHOLDER_HELP } from '../bonus/service.js';

/**
 * A wheel as the operator writes it (`wheel set <json>`, amounts in the site's currency) and as it is
 * stored (amounts in minor units; a bonus prize carries the bonus's fixed amount from when it was set).
 */

const Color = Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });
const PrizeInput = Type.Union([
  Type.Object({ type: Type.Literal('nothing') }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('cash'), amount: Type.Number({ exclusiveMinimum: 0 }) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('bonus'), bonus: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('item') }, { additionalProperties: false }),
]);
export const SliceInput = Type.Object(
  {
    code: Type.String({ pattern: '^[A-Z0-9_]{1,32}$' }),
    label: LocalizedText,
    bgColor: Color,
    textColor: Color,
    html: Type.Optional(LocalizedText),
    weight: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    prize: PrizeInput,
  },
  { additionalProperties: false },
);
export const WheelInput = Type.Object(
  { name: LocalizedText, slices: Type.Array(SliceInput, { minItems: 2, maxItems: 16 }) },
  { additionalProperties: false },
);
export type WheelInput = Static<typeof WheelInput>;

export type Prize =
  { type: 'nothing' } | { type: 'cash'; amount: number } | { type: 'bonus'; bonus: string; amount: number } | { type: 'item' };
export interface Slice {
  code: string;
  label: LocalizedText;
  bgColor: string;
  textColor: string;
  html: LocalizedText;
  weight: number;
  prize: Prize;
}
export interface Wheel {
  id: number;
  name: LocalizedText;
  slices: Slice[];
}

export class WheelError extends Error {}

/** Checks an operator's wheel and turns it into the stored form; WheelError says what is wrong. */
export async function storedSlices(tx: Tx, value: unknown, currency: Currency): Promise<{ name: LocalizedText; slices: Slice[] }> {
  if (!Value.Check(WheelInput, value)) {
    const first = Value.Errors(WheelInput, value)[0];
    throw new WheelError(`invalid wheel: ${first?.instancePath || '(value)'} ${first?.message ?? 'does not match'}`);
  }
  const codes = value.slices.map((s) => s.code);
  const twice = codes.find((c, i) => codes.indexOf(c) !== i);
  if (twice) throw new WheelError(`slice code ${twice} appears twice`);
  if (value.slices.every((s) => s.weight === 0)) throw new WheelError('at least one slice needs a weight above 0');
  const slices: Slice[] = [];
  for (const s of value.slices) {
    // members read a slice's label and text with every {money:N} in their own currency: a broken one would show its braces
    const bad = badMoneyPlaceholder(s.label) ?? badMoneyPlaceholder(s.html);
    if (bad !== undefined) throw new WheelError(`slice ${s.code}: "${bad}" is not an amount members can read (${MONEY_PLACEHOLDER_HELP})`);
    let prize: Prize;
    if (s.prize.type === 'cash') {
      let amount = 0;
      try {
        amount = toMinor(s.prize.amount, currency);
      } catch {
        throw new WheelError(`slice ${s.code}: ${s.prize.amount} is not an amount in ${currency}`);
      }
      prize = { type: 'cash', amount };
    } else if (s.prize.type === 'bonus') {
      const bonus = await tx.selectFrom('bonuses').selectAll().where('code', '=', s.prize.bonus).executeTakeFirst();
      if (!bonus) throw new WheelError(`slice ${s.code}: no bonus ${s.prize.bonus}`);
      if (bonus.give_fixed === null || Number(bonus.min_deposit) > 0)
        throw new WheelError(`slice ${s.code}: bonus ${bonus.code} must give a fixed amount and need no deposit`);
      prize = { type: 'bonus', bonus: bonus.code, amount: Number(bonus.give_fixed) };
    } else prize = s.prize;
    slices.push({
      code: s.code,
      label: s.label,
      bgColor: s.bgColor,
      textColor: s.textColor,
      html: s.html ?? s.label,
      weight: s.weight,
      prize,
    });
  }
  return { name: value.name, slices };
}

/** The stored wheel back in the operator's form (amounts in the site's currency), for `wheel show`. */
export function wheelAsInput(wheel: Pick<Wheel, 'name' | 'slices'>, currency: Currency): WheelInput {
  return {
    name: wheel.name,
    slices: wheel.slices.map((s) => ({
      ...s,
      prize:
        s.prize.type === 'cash'
          ? { type: 'cash' as const, amount: toMajor(s.prize.amount, currency) }
          : s.prize.type === 'bonus'
            ? { type: 'bonus' as const, bonus: s.prize.bonus }
            : s.prize,
    })),
  };
}

/** The wheel members spin now: the newest version. */
export async function currentWheel(tx: Tx): Promise<Wheel | undefined> {
  const row = await tx.selectFrom('spin_wheels').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row && parseWheel(row);
}

export const parseWheel = (row: { id: number; name: string; slices: string }): Wheel => ({
  id: row.id,
  name: JSON.parse(row.name) as LocalizedText,
  slices: JSON.parse(row.slices) as Slice[],
});

export async function addWheel(tx: Tx, wheel: { name: LocalizedText; slices: Slice[] }, now: number): Promise<number> {
  const row = await tx
    .insertInto('spin_wheels')
    .values({ name: JSON.stringify(wheel.name), slices: JSON.stringify(wheel.slices), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
