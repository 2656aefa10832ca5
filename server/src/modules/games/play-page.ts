import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { backgroundSvg, logoSvg } from '../../adapters/games/art.js';
import { findGame, GAMES } from '../../adapters/games/catalog.js';
import { ProviderError } from '../../adapters/games/provider.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const STAKES = [10, 50, 100];

function svg(reply: FastifyReply, body: string) {
  return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(body);
}

/**
 * The sandbox provider's own pages, served by our server as a provider would serve its game: a logo,
 * a card background, and a small demo game where each bet wins (about 45%) or loses, so balances move
 * as real play moves them and turnover is recorded. Plain HTML forms: it works without our app.
 */
export async function playPages(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const sandbox = ctx.sandboxGames;
  if (!sandbox) return;

  // the games belong to the site: a terminated site serves none of them (as /api answers 'gone')
  app.addHook('onRequest', async (_request, reply) => {
    if (!ctx.settings.get('siteActive')) {
      return reply.status(410).type('text/html').header('cache-control', 'no-store').send('<p>This site is closed.</p>');
    }
  });

  app.get<{ Params: { file: string } }>('/play/logo/:file', { schema: { hide: true } }, (request, reply) => {
    const game = findGame(request.params.file.replace(/\.svg$/, ''));
    if (!game) return reply.status(404).send({ message: 'NO_DATA' });
    return svg(reply, logoSvg(game));
  });

  app.get<{ Params: { file: string } }>('/play/background/:file', { schema: { hide: true } }, (request, reply) => {
    const game = findGame(request.params.file.replace(/\.svg$/, ''));
    if (!game) return reply.status(404).send({ message: 'NO_DATA' });
    return svg(reply, backgroundSvg(game));
  });

  app.get<{ Params: { provider: string }; Querystring: { u?: string; k?: string; r?: string } }>(
    '/play/:provider',
    { schema: { hide: true } },
    async (request, reply) => {
      const game = findGame(request.params.provider);
      const { u = '', k = '', r = '' } = request.query;
      if (!game) return reply.status(404).type('text/html').send('<p>Unknown game</p>');
      let balance: number;
      try {
        // the launch secret is needed to see a player's balance, as it is to bet
        balance = await sandbox.login(game.code, u, k);
      } catch {
        return reply.status(403).type('text/html').send('<p>Game login failed</p>');
      }
      // a drill's fixed outcome is said on the page (tests wait for it, not for the settings' refresh)
      const drill = ctx.config.production ? undefined : ctx.settings.get('sandboxPlay')[game.code];
      const forms = STAKES.map(
        (stake) =>
          `<form method="post" action="/play/${game.code}/bet"><input type="hidden" name="u" value="${escape(u)}"><input type="hidden" name="k" value="${escape(k)}"><input type="hidden" name="stake" value="${stake}"><button ${balance < stake * 100 ? 'disabled' : ''}>Bet ${stake}</button></form>`,
      ).join('');
      return reply
        .type('text/html')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(game.name)} demo</title>
<style nonce="${reply.cspNonce.style}">body{font-family:system-ui,sans-serif;background:#101828;color:#fff;margin:0;padding:1.5rem;text-align:center}h1{color:${game.color === '#101828' ? '#f0b400' : '#f0b400'}}.bal{font-size:2rem;font-weight:700}.row{display:flex;gap:.75rem;justify-content:center;flex-wrap:wrap}button{font:inherit;font-weight:700;padding:.75rem 1.25rem;border-radius:10px;border:0;background:#f0b400;color:#1d1500;min-width:7rem}button:disabled{opacity:.5}</style></head>
<body><h1>${escape(game.name)}</h1><p>Demo game of the sandbox provider. Player ${escape(u)}</p>
<p>Balance</p><p class="bal" id="balance">${(balance / 100).toFixed(2)}</p>
${drill ? `<p id="drill">Drill: every round is ${drill === 'win' ? 'won' : 'lost'}</p>` : ''}${r ? `<p role="status" id="result">${escape(r)}</p>` : ''}<div class="row">${forms}</div></body></html>`,
        );
    },
  );

  app.post<{ Params: { provider: string }; Body: { u?: string; k?: string; stake?: string } }>(
    '/play/:provider/bet',
    { schema: { hide: true } },
    async (request, reply) => {
      const game = findGame(request.params.provider);
      const { u = '', k = '', stake = '' } = request.body ?? {};
      const amount = STAKES.includes(Number(stake)) ? Number(stake) * 100 : 0;
      if (!game || !amount) return reply.status(400).type('text/html').send('<p>Bad bet</p>');
      let result: string;
      try {
        // a drill may fix the outcome (sandboxPlay), never in production (registry.ts productionRefusal: even a
        // value stored before); otherwise about 45% of rounds are won
        const told = ctx.config.production ? undefined : ctx.settings.get('sandboxPlay')[game.code];
        const round = await sandbox.playRound(game.code, u, k, amount, told ? told === 'win' : randomInt(100) < 45);
        result = round.won ? `You won ${(round.won / 100).toFixed(2)}` : `You lost ${(amount / 100).toFixed(2)}`;
      } catch (err) {
        result = err instanceof ProviderError ? err.message : 'Bet refused';
      }
      return reply.redirect(
        `/play/${game.code}?u=${encodeURIComponent(u)}&k=${encodeURIComponent(k)}&r=${encodeURIComponent(result)}`,
        303,
      );
    },
  );

  app.log.debug(`demo games: ${GAMES.length} providers`);
}
