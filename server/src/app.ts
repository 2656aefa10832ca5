import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { sql } from 'kysely';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from './context.js';
import { watchDatabase } from './db/availability.js';
import { isConnectionLost, isDatabaseUnavailable } from './db/faults.js';
import { ApiError, gone } from './lib/errors.js';
import { isNotEnough } from './ledger/errors.js';
import { createLogger } from './lib/logger.js';
import { refuseNul } from './lib/no-nul.js';
import { authGuard, isGatewayCallback } from './modules/auth/guard.js';
import { authRoutes } from './modules/auth/routes.js';
import { accountRoutes } from './modules/account/routes.js';
import { lookupRoutes } from './modules/lookup/routes.js';
import { otpRoutes } from './modules/otp/routes.js';
import { statementRoutes } from './modules/statement/routes.js';
import { staticSite } from './modules/system/static-site.js';
import { walletRoutes } from './modules/wallet/routes.js';
import { slipFiles, slipStatementRoutes } from './modules/deposit/slip-routes.js';
import { qrCallbackRoutes, qrRoutes } from './modules/deposit/qr-routes.js';
import { bonusRoutes } from './modules/bonus/routes.js';
import { promotionRoutes } from './modules/bonus/promotion-routes.js';
import { inviteRoutes } from './modules/invite/routes.js';
import { refundRoutes } from './modules/refund/routes.js';
import { spinwheelRoutes } from './modules/spinwheel/routes.js';
import { autoLoginRoutes } from './modules/games/routes.js';
import { playPages } from './modules/games/play-page.js';
import formbody from '@fastify/formbody';
import compress from '@fastify/compress';
import { securityHeaders, setBareSecurityHeaders } from './modules/system/security.js';
import { chatRoutes } from './modules/chat/routes.js';
import { pushRoutes } from './modules/push/routes.js';
import { chatFiles, chatUploadRoutes } from './modules/chat/upload-routes.js';
import { chatRealtime } from './modules/chat/realtime.js';
import { createLifecycle, healthRoutes, type Lifecycle } from './modules/system/health.js';
import { metrics } from './modules/system/metrics.js';
import { staffRoutes } from './modules/staff/routes.js';
import { lazySchemas, type LazySchemas } from './lib/lazy-schemas.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The route schemas, compiled at first use: main.ts warms the rest after listening (lib/lazy-schemas.ts). */
    schemas: LazySchemas;
  }
  interface FastifyContextConfig {
    /** The route answers while the site is closed (§4 'gone'); every other member API route answers 410 gone. */
    answersWhenClosed?: boolean;
  }
}

export const CLIENT_HEADER = 'x-wallet-client';
export const CLIENT_MARKER = 'member';

/**
 * A client that sends its request slowly (a byte every few seconds) must not hold a connection: the
 * headers must arrive within 10 s and the whole request within 305 s (§9 gives slip and chat uploads 300 s
 * on a slow phone); a socket silent for 130 s is closed (above the longest provider timeout).
 * connectionsCheckingInterval is how often Node enforces the first two.
 */
export const SLOW_CLIENT_LIMITS = {
  connectionTimeout: 130_000,
  requestTimeout: 305_000,
  http: { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
} as const;

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes proxy-addr's hop rule (the socket and the
 * next n-1 addresses from the right of X-Forwarded-For are proxies): Fastify itself takes a number as
 * "trust nothing", since a count cannot tell a proxy from a client that connects directly.
 */
function fastifyTrustProxy(trust: AppContext['config']['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** What a 503 SERVICE_UNAVAILABLE tells the client to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2;

function validationCode(err: FastifyError): string {
  return err.validation?.some((v) => v.keyword === 'required') ? 'KEY_MISSING' : 'KEY_INVALID';
}

/** The probes a supervisor or balancer sends every few seconds: logged at debug, not info. */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * A request's one log line, written when it is answered: its method, URL (masked by the logger's `req`
 * serializer), status and time; an error's line as Fastify writes it. Nothing when it comes in.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) return reply.log.error({ ...line, err: error }, 'request errored');
    const level = PROBES.has(request.url.split('?', 1)[0]!) ? 'debug' : 'info';
    reply.log[level](line, 'request completed');
  }
}

export interface BuildOptions {
  logger?: FastifyBaseLogger | false;
  /** Readiness besides the database: main.ts marks it draining on SIGTERM. */
  lifecycle?: Lifecycle;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const lifecycle = options.lifecycle ?? createLifecycle();
  // always our logger (masked URLs, redacted secrets) unless logging is off
  const logger = options.logger === false ? undefined : (options.logger ?? createLogger(ctx.config.logLevel));
  const schemas = lazySchemas();
  const app = Fastify({
    schemaController: schemas.schemaController,
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // one line per request, written when it is answered, instead of Fastify's two (below)
    logController: new OneLinePerRequest(),
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    bodyLimit: 256 * 1024,
    // plugins that ask the database at start (the chat's Postgres adapter) wait for a free connection, which
    // the pool itself bounds at 10 s; Fastify's own 10 s then fired first on a busy machine (a test run)
    pluginTimeout: 30_000,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    ...SLOW_CLIENT_LIMITS,
    // while closing, a request that arrives on a kept-alive connection is served (its answer closes the
    // connection, below) instead of a 503 the member would see: a rolling upgrade costs no request
    return503OnClosing: false,
    keepAliveTimeout: ctx.config.trustProxy !== false ? 75_000 : 10_000, // behind a proxy: longer than its idle timeout
    // a request HTTP itself cannot read (a Content-Length shorter than the body, chunks that are not, headers
    // too long or too slow): the usual error shape with the status Node gives it, and the connection closed
    clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex) {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const body = '{"message":"KEY_INVALID"}';
      if (socket.writable)
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${body.length}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
        );
      socket.destroy(err);
    },
    // a bad percent-encoding or an over-long URL parameter: the usual error shape, never the URL echoed
    frameworkErrors: (err, _request, reply) => {
      void setBareSecurityHeaders(reply)
        .status(err.statusCode ?? 400)
        .send({ message: 'KEY_INVALID' });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('ctx', ctx);
  app.decorate('schemas', schemas);
  // the slip and statement readers' worker threads end with the server
  app.addHook('onClose', () => ctx.slipReader.close());
  app.addHook('onClose', () => ctx.statementReader.close());
  // sessions read lately, on Postgres: the cache hears every end of a session (auth/session-cache.ts)
  await ctx.sessions.start((err) => app.log.warn({ err }, 'session ends: listening again; sessions are read from the database meanwhile'));
  app.addHook('onClose', () => ctx.sessions.stop());
  app.decorateRequest('memberId', 0);
  app.decorateRequest('memberCurrency', 'BAHT');
  app.decorateRequest('sessionId', 0);

  const database = watchDatabase(
    () => sql`select 1`.execute(ctx.database.db),
    (down) =>
      down ? app.log.error('database unreachable: /api answers 503 until it answers again') : app.log.info('database answers again'),
  );
  app.addHook('onClose', () => database.stop());
  const unavailable = (reply: FastifyReply) =>
    reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: 'SERVICE_UNAVAILABLE' });
  // while the database cannot be reached, the API says so at once (every console screen shows it)
  app.addHook('onRequest', async (request, reply) => {
    if (database.down && request.url.startsWith('/api/')) return unavailable(reply);
  });
  app.addHook('onRequest', async (request) => {
    // HEAD runs the route's GET handler, and some of §8's GETs move money (a bonus's or promotion's
    // activation, a refund's receipt, the invite bonus): on the API only the lookups and the docs answer
    // HEAD, every other call is not found (as PUT or DELETE are), before anything runs
    const route = request.routeOptions.url;
    if (request.method === 'HEAD' && route?.startsWith('/api/') && !route.startsWith('/api/lookup/') && !route.startsWith('/api/docs'))
      throw new ApiError(404, 'NO_DATA');
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) return reply.status(err.status).send({ message: err.code, ...(err.detail && { detail: err.detail }) });
    // the ledger's refusal a member can meet, in the API's words (its others are the server's own faults)
    if (isNotEnough(err)) return reply.status(400).send({ message: 'MONEY_NOT_ENOUGH' });
    if (err.validation) return reply.status(400).send({ message: validationCode(err) });
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // malformed JSON, wrong content type, body too large: the caller's fault, said without internals
      return reply.status(status).send({ message: status === 429 ? 'REQUEST_LIMIT' : 'KEY_INVALID' });
    }
    if (isDatabaseUnavailable(err)) {
      // the database dropped or refused us (a restart, a killed connection, the pool's timeout): not the
      // request's fault and not a bug; the pool connects anew, so the client may simply try again
      request.log.warn({ err }, 'database unavailable');
      if (isConnectionLost(err)) database.lost();
      return unavailable(reply);
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'INTERNAL_SERVER_ERROR' });
  });

  // draining (SIGTERM): every answer closes its connection, so the proxy or browser opens its next one to
  // an instance that stays
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });
  // before any route is added, so the hook reaches every one (API, callbacks, the sandbox's form pages)
  refuseNul(app);
  await app.register(metrics);
  await app.register(securityHeaders);
  // JSON and HTML made per request; the built files are compressed at build time (static-site.ts)
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Member wallet API', version: '1.1.14', description: 'The contract between the member site and its server.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(healthRoutes, { lifecycle });
  app.get('/api/docs/json', { schema: { hide: true } }, () => app.swagger());
  await app.register(chatRealtime);

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        if (request.url.startsWith('/api/docs') || isGatewayCallback(request)) return;
        if (request.headers[CLIENT_HEADER] !== CLIENT_MARKER) throw new ApiError(400, 'KEY_MISSING');
        if (!ctx.settings.get('siteActive') && !request.routeOptions.config.answersWhenClosed) throw gone();
      });
      // answers depend on the token and on the operator's switches: never from the HTTP cache (a
      // heuristically cached 410 once kept a reactivated site 'gone'); the service worker caches lookups itself
      api.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      api.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'NO_DATA' }));
      await api.register(authGuard);
      await api.register(lookupRoutes, { prefix: '/lookup' });
      await api.register(otpRoutes, { prefix: '/otp' });
      await api.register(authRoutes);
      await api.register(accountRoutes, { prefix: '/account' });
      await api.register(walletRoutes, { prefix: '/wallet' });
      await api.register(autoLoginRoutes, { prefix: '/autoLogin' });
      await api.register(statementRoutes, { prefix: '/statement' });
      await api.register(slipStatementRoutes, { prefix: '/statement' });
      await api.register(qrRoutes, { prefix: '/qrcode' });
      await api.register(qrCallbackRoutes, { prefix: '/callbacks' });
      await api.register(bonusRoutes, { prefix: '/bonus' });
      await api.register(promotionRoutes, { prefix: '/promotion' });
      await api.register(inviteRoutes, { prefix: '/invite' });
      await api.register(refundRoutes, { prefix: '/refund' });
      await api.register(spinwheelRoutes, { prefix: '/spinwheel' });
      await api.register(chatRoutes, { prefix: '/chat' });
      await api.register(chatUploadRoutes, { prefix: '/chat' });
      await api.register(pushRoutes, { prefix: '/push' });
    },
    { prefix: '/api' },
  );

  // the staff console's calls: beside the member API, so its hooks (the marker, the closed site) do not apply
  await app.register(staffRoutes, { prefix: '/api/staff' });

  await app.register(async (play) => {
    // the sandbox's pages carry an inline <style>: a nonce per answer (reply.cspNonce.style) allows it
    play.addHook('onRoute', (route) => {
      route.config = { ...route.config, helmet: { enableCSPNonces: true } } as typeof route.config;
    });
    await play.register(formbody);
    await playPages(play);
  });

  await app.register(slipFiles);
  await app.register(chatFiles);

  if (ctx.config.staticDir) await app.register(staticSite, { root: ctx.config.staticDir });
  return app;
}
