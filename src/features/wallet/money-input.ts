/** A typed amount to a number with at most 2 decimals, or NaN when it is not one. */
export function parseAmount(text: string): number {
  const clean = text.replace(/,/g, '').trim();
  return /^\d+(\.\d{1,2})?$/.test(clean) ? Number(clean) : Number.NaN;
}
