import { randomInt } from 'node:crypto';
import { DECIMALS, ISO_CODE, MINOR, toMajor, type Currency } from '../../ledger/money.js';
import { findGame, type GameInfo as Game } from './catalog.js';
import { ProviderError } from './provider.js';
import type { Play, SandboxProvider } from './sandbox.js';

/**
 * The sandbox provider's demo game, served by the wallet for the in-process sandbox
 * (modules/games/play-page.ts) and by the sandbox bridge process (game-sandbox/bridge.ts): a player's page
 * (its balance, a bet form per stake, a drill's fixed outcome when one is set, the last round's result;
 * plain HTML forms, it works without our app) and one bet, which wins (about 45% of rounds, or as a drill
 * says) or loses, so balances move as real play moves them and the bets are recorded.
 */

/** The demo game's stakes, in whole units of the player's currency (kip at about 600 a baht). */
export const STAKES: Record<Currency, number[]> = { BAHT: [10, 50, 100], LAK: [6_000, 30_000, 60_000] };

/** An amount in minor units as the page writes it: 1234.50 in baht, 60000 in kip. */
const written = (minor: number, currency: Currency) => toMajor(minor, currency).toFixed(DECIMALS[currency]);

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A drill's fixed outcome of a game's rounds (by its catalog code), or none. */
export type DrillOf = (code: string) => Play | undefined;

function pageHtml(p: {
  game: Game;
  username: string;
  key: string;
  balance: number;
  currency: Currency;
  drill?: Play;
  result: string;
  styleNonce: string;
}): string {
  const { game, username: u, key: k, balance, currency } = p;
  const forms = STAKES[currency]
    .map(
      (stake) =>
        `<form method="post" action="/play/${game.code}/bet"><input type="hidden" name="u" value="${escape(u)}"><input type="hidden" name="k" value="${escape(k)}"><input type="hidden" name="stake" value="${stake}"><button ${balance < stake * MINOR[currency] ? 'disabled' : ''}>Bet ${stake}</button></form>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(game.name)} demo</title>
<style nonce="${p.styleNonce}">body{font-family:system-ui,sans-serif;background:#101828;color:#fff;margin:0;padding:1.5rem;text-align:center}h1{color:#f0b400}.bal{font-size:2rem;font-weight:700}.row{display:flex;gap:.75rem;justify-content:center;flex-wrap:wrap}button{font:inherit;font-weight:700;padding:.75rem 1.25rem;border-radius:10px;border:0;background:#f0b400;color:#1d1500;min-width:7rem}button:disabled{opacity:.5}</style></head>
<body><h1>${escape(game.name)}</h1><p>Demo game of the sandbox provider. Player ${escape(u)}</p>
<p>Balance (${ISO_CODE[currency]})</p><p class="bal" id="balance">${written(balance, currency)}</p>
${p.drill ? `<p id="drill">Drill: every round is ${p.drill === 'win' ? 'won' : 'lost'}</p>` : ''}${p.result ? `<p role="status" id="result">${escape(p.result)}</p>` : ''}<div class="row">${forms}</div></body></html>`;
}

/** The player's page of game `code` (`u` the player, `k` the launch link's secret, `r` the last result), as a status and HTML. */
export async function demoGamePage(
  sandbox: SandboxProvider,
  code: string,
  q: { u?: string; k?: string; r?: string },
  drillOf: DrillOf,
  styleNonce: string,
): Promise<{ status: number; html: string }> {
  const game = findGame(code);
  const { u = '', k = '', r = '' } = q;
  if (!game) return { status: 404, html: '<p>Unknown game</p>' };
  let player: { balance: number; currency: Currency };
  try {
    // the launch secret is needed to see a player's balance, as it is to bet
    player = await sandbox.login(game.code, u, k);
  } catch {
    return { status: 403, html: '<p>Game login failed</p>' };
  }
  // a drill's fixed outcome is said on the page (tests wait for it)
  return { status: 200, html: pageHtml({ game, username: u, key: k, ...player, drill: drillOf(game.code), result: r, styleNonce }) };
}

/** One bet of game `code` (the page's form): where the player goes back to (the page, with the round's result), or undefined for a bad bet. */
export async function demoGameBet(
  sandbox: SandboxProvider,
  code: string,
  form: { u?: string; k?: string; stake?: string },
  drillOf: DrillOf,
): Promise<string | undefined> {
  const game = findGame(code);
  const { u = '', k = '', stake = '' } = form;
  if (!game) return undefined;
  let result: string;
  try {
    // the stakes are the player's currency's
    const { currency } = await sandbox.login(game.code, u, k);
    if (!STAKES[currency].includes(Number(stake))) return undefined;
    const amount = Number(stake) * MINOR[currency];
    const told = drillOf(game.code);
    const round = await sandbox.playRound(game.code, u, k, amount, told ? told === 'win' : randomInt(100) < 45);
    result = round.won ? `You won ${written(round.won, currency)}` : `You lost ${written(amount, currency)}`;
  } catch (err) {
    result = err instanceof ProviderError ? err.message : 'Bet refused';
  }
  return `/play/${game.code}?u=${encodeURIComponent(u)}&k=${encodeURIComponent(k)}&r=${encodeURIComponent(result)}`;
}
