import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { backgroundSvg, logoSvg } from '../../adapters/games/art.js';
import { findGame, GAMES } from '../../adapters/games/catalog.js';
import { playPageHtml, roundResult, STAKES } from '../../adapters/games/play-html.js';
import { ProviderError } from '../../adapters/games/provider.js';

function svg(reply: FastifyReply, body: string) {
  return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(body);
}

/**
 * The catalog's art (each game's logo and card background, whatever provider serves it) and, for the
 * in-process sandbox provider, its demo game where each bet wins (about 45%) or loses, so balances move as
 * real play moves them and turnover is recorded (adapters/games/play-html.ts).
 */
export async function playPages(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

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

  // the in-process sandbox's game page; a bridge's games are played on the provider's own pages
  const sandbox = ctx.sandboxGames;
  if (!sandbox) return;

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
      return reply
        .type('text/html')
        .header('cache-control', 'no-store')
        .send(playPageHtml({ game, username: u, key: k, balance, drill, result: r, styleNonce: reply.cspNonce.style }));
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
        result = roundResult(round.won, amount);
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
