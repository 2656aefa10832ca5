import type { FastifyInstance, FastifyReply } from 'fastify';
import { backgroundSvg, logoSvg } from '../../adapters/games/art.js';
import { findGame, GAMES } from '../../adapters/games/catalog.js';
import { demoGameBet, demoGamePage } from '../../adapters/games/demo-game.js';

function svg(reply: FastifyReply, body: string) {
  return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(body);
}

/**
 * The catalog's art (each game's logo and card background, whatever provider serves it) and, for the
 * in-process sandbox provider, its demo game where each bet wins (about 45%) or loses, so balances move as
 * real play moves them and turnover is recorded (adapters/games/demo-game.ts).
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

  // a drill may fix the outcome (sandboxPlay), never in production (registry.ts productionRefusal: even a
  // value stored before)
  const drillOf = (code: string) => (ctx.config.production ? undefined : ctx.settings.get('sandboxPlay')[code]);

  app.get<{ Params: { provider: string }; Querystring: { u?: string; k?: string; r?: string } }>(
    '/play/:provider',
    { schema: { hide: true } },
    async (request, reply) => {
      const page = await demoGamePage(sandbox, request.params.provider, request.query, drillOf, reply.cspNonce.style);
      return reply.status(page.status).type('text/html').header('cache-control', 'no-store').send(page.html);
    },
  );

  app.post<{ Params: { provider: string }; Body: { u?: string; k?: string; stake?: string } }>(
    '/play/:provider/bet',
    { schema: { hide: true } },
    async (request, reply) => {
      const back = await demoGameBet(sandbox, request.params.provider, request.body ?? {}, drillOf);
      return back ? reply.redirect(back, 303) : reply.status(400).type('text/html').send('<p>Bad bet</p>');
    },
  );

  app.log.debug(`demo games: ${GAMES.length} providers`);
}
