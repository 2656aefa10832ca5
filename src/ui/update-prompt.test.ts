import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = fs.readFileSync(path.resolve('src/styles.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The last value `property` gets in the rule written for exactly `selector`, custom properties resolved. */
function declared(selector: string, property: string): string | undefined {
  const rules = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].filter(([, sel]) => sel!.trim() === selector);
  const value = rules
    .flatMap(([, , body]) => [...body!.matchAll(new RegExp(`(?:^|;|\\s)${property}:\\s*([^;]+);`, 'g'))].map((m) => m[1]!.trim()))
    .at(-1);
  const variable = value && /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  return variable ? declared(':root', variable) : value;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('the update prompt', () => {
  it('shows "later" at 4.5:1 or more on its dark bar (WCAG AA for its small text)', () => {
    const bar = declared('.update-prompt', 'background');
    // the ghost button's own colour, unless the prompt gives it one
    const later = declared('.update-prompt .button.ghost', 'color') ?? declared('.button.ghost', 'color');
    expect(bar).toMatch(/^#[0-9a-f]{6}$/i);
    expect(later).toMatch(/^#[0-9a-f]{6}$/i);
    expect(contrast(bar!, later!)).toBeGreaterThanOrEqual(4.5);
  });
});
