import type { FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';

const MASK = '***';

/** Query values that are secrets: the game page's launch secret, OTP and session material, passwords. */
const SECRET_QUERY = new Set(['k', 'password', 'otpCode', 'otpToken', 'token']);

/** Paths whose segments carry a secret: /api/autoLogin/{provider}/{username}/{password}. */
const SECRET_SEGMENT = /^(\/api\/autoLogin\/[^/?#]*\/[^/?#]*\/)[^/?#]+/i;

/** The URL as the log may keep it: secret path segments and query values replaced by ***. */
export function maskUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const maskedPath = path.replace(SECRET_SEGMENT, `$1${MASK}`);
  if (query === undefined) return maskedPath;
  const maskedQuery = query
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      let key = name;
      try {
        key = decodeURIComponent(name);
      } catch {
        // a broken escape: judge the raw name
      }
      return SECRET_QUERY.has(key) ? `${name}=${MASK}` : pair;
    })
    .join('&');
  return `${maskedPath}?${maskedQuery}`;
}

const LOG_BUFFER_MAX = 16 * 1024 * 1024;
const stdoutLog = () => pino.destination({ dest: 1, sync: false, maxLength: LOG_BUFFER_MAX });

/**
 * The server's logger: pino with Fastify's request fields, the URL masked, and the secret-bearing
 * fields redacted wherever a log call puts them (headers, bodies). The sandbox SMS line, which
 * prints the OTP on purpose, is a message text and stays as it is.
 *
 * By default it writes to stdout without waiting for each line: while one write is under way the next
 * lines gather and go out together, so a busy server makes one system call for many requests' lines
 * instead of two per request (about a tenth of the transfer rate under load, measured), and an idle one
 * writes each line at once. Pino writes what is left when the process exits; a kill -9 can lose the
 * lines of its last moment. Lines that cannot be written (stdout blocked) wait up to LOG_BUFFER_MAX
 * bytes, then newer ones are dropped: the server keeps serving (a synchronous write would stop it).
 */
export function createLogger(level: string, destination: DestinationStream = stdoutLog()): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-device-id"]',
          'headers.authorization',
          'password',
          'oldPassword',
          'newPassword',
          'otpCode',
          'otpToken',
          '*.password',
          '*.oldPassword',
          '*.newPassword',
          '*.otpCode',
          '*.otpToken',
        ],
        censor: MASK,
      },
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: maskUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}
