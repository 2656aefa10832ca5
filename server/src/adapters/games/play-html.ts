import type { GameInfo as Game } from './catalog.js';

/** The demo game's stakes, in whole units of the member's currency. */
export const STAKES = [10, 50, 100];

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox provider's demo game page (plain HTML forms: it works without our app): the player's
 * balance, a bet form per stake posting to `{base}/play/{code}/bet`, a drill's fixed outcome when one is
 * set (tests wait for it), and the last round's result. Served by the wallet for the in-process sandbox
 * (modules/games/play-page.ts) and by the sandbox bridge process (game-sandbox/bridge.ts).
 */
export function playPageHtml(p: {
  game: Game;
  username: string;
  key: string;
  balance: number;
  drill?: 'win' | 'lose';
  result?: string;
  styleNonce: string;
  base?: string;
}): string {
  const { game, username: u, key: k, balance } = p;
  const forms = STAKES.map(
    (stake) =>
      `<form method="post" action="${p.base ?? ''}/play/${game.code}/bet"><input type="hidden" name="u" value="${escape(u)}"><input type="hidden" name="k" value="${escape(k)}"><input type="hidden" name="stake" value="${stake}"><button ${balance < stake * 100 ? 'disabled' : ''}>Bet ${stake}</button></form>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(game.name)} demo</title>
<style nonce="${p.styleNonce}">body{font-family:system-ui,sans-serif;background:#101828;color:#fff;margin:0;padding:1.5rem;text-align:center}h1{color:#f0b400}.bal{font-size:2rem;font-weight:700}.row{display:flex;gap:.75rem;justify-content:center;flex-wrap:wrap}button{font:inherit;font-weight:700;padding:.75rem 1.25rem;border-radius:10px;border:0;background:#f0b400;color:#1d1500;min-width:7rem}button:disabled{opacity:.5}</style></head>
<body><h1>${escape(game.name)}</h1><p>Demo game of the sandbox provider. Player ${escape(u)}</p>
<p>Balance</p><p class="bal" id="balance">${(balance / 100).toFixed(2)}</p>
${p.drill ? `<p id="drill">Drill: every round is ${p.drill === 'win' ? 'won' : 'lost'}</p>` : ''}${p.result ? `<p role="status" id="result">${escape(p.result)}</p>` : ''}<div class="row">${forms}</div></body></html>`;
}

/** What a round's result says on the page. */
export const roundResult = (won: number, stake: number) =>
  won ? `You won ${(won / 100).toFixed(2)}` : `You lost ${(stake / 100).toFixed(2)}`;
