import type { GameInfo } from './catalog.js';

/**
 * The providers' marks and card backgrounds, drawn here (no trademarked logo is copied): a shield in
 * the provider's colours with an emblem of its kind (a lucky seven for slots, a ball for sport, a
 * spade for casino tables, a numbered ball for lotto) and its monogram on a ribbon.
 */

/** A colour lightened (amount > 0) or darkened (< 0) by mixing with white or black. */
function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(amount > 0 ? c + (255 - c) * amount : c * (1 + amount));
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${((1 << 24) | (r! << 16) | (g! << 8) | b!).toString(16).slice(1)}`;
}

/** Two letters that name the provider: the initials of its words, or its first two letters. */
export function monogram(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
  const letters = words.length > 1 ? words[0]![0]! + words[1]![0]! : name.replace(/[^A-Za-z]/g, '').slice(0, 2);
  return letters.toUpperCase();
}

const CASINO = new Set(['SEXYGAME', 'ASKMEBET', 'USUN']);

function emblem(game: GameInfo, light: string): string {
  if (game.category === 'lotto') {
    return `<circle cx="60" cy="50" r="22" fill="${light}"/><circle cx="60" cy="50" r="13" fill="#fff"/><text x="60" y="56" font-family="sans-serif" font-size="16" font-weight="800" fill="${game.color}" text-anchor="middle">9</text>`;
  }
  if (CASINO.has(game.code)) {
    return `<path d="M60 26c10 12 24 18 24 30a12 12 0 0 1-20 9l4 11H52l4-11a12 12 0 0 1-20-9c0-12 14-18 24-30z" fill="${light}"/>`;
  }
  if (game.category === 'sport') {
    return `<circle cx="60" cy="50" r="22" fill="#fff"/><path d="M60 38l11 8-4 13H53l-4-13z" fill="${game.color}"/><path d="M60 28v10M71 46l10-4M67 59l6 9M53 59l-6 9M49 46l-10-4" stroke="${game.color}" stroke-width="3"/>`;
  }
  return `<text x="60" y="70" font-family="Georgia,serif" font-size="50" font-weight="900" fill="${light}" stroke="#fff" stroke-width="2" text-anchor="middle">7</text><circle cx="33" cy="34" r="4" fill="#fff" opacity="0.8"/><circle cx="88" cy="30" r="3" fill="#fff" opacity="0.7"/>`;
}

export function logoSvg(game: GameInfo): string {
  const light = shade(game.color, 0.45);
  const dark = shade(game.color, -0.35);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(game.color, 0.15)}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs><path d="M60 4l48 14v38c0 30-22 50-48 60C34 106 12 86 12 56V18z" fill="url(#s)" stroke="${light}" stroke-width="4"/>${emblem(game, light)}<path d="M18 80h84l-6 9 6 9H18l6-9z" fill="#fff"/><text x="60" y="95" font-family="sans-serif" font-size="16" font-weight="800" fill="${dark}" text-anchor="middle" letter-spacing="1">${monogram(game.name)}</text></svg>`;
}

export function backgroundSvg(game: GameInfo): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="211" viewBox="0 0 300 211"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${game.color}"/><stop offset="1" stop-color="#101828"/></linearGradient></defs><rect width="300" height="211" fill="url(#g)"/><circle cx="250" cy="40" r="70" fill="#ffffff" opacity="0.08"/><circle cx="40" cy="190" r="60" fill="#ffffff" opacity="0.06"/></svg>`;
}
