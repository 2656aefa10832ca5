import { randomUUID } from 'node:crypto';
import type { Currency } from '../../ledger/money.js';
import { answerSignature, callSignature, ERROR_STATUS, isErrorCode, REFUSALS, signedWith, type Operation } from './protocol.js';
import { ProviderError, type GameCredentials, type GameProvider, type RefState } from './provider.js';

/**
 * A call to the bridge that came to no answer (`code`: timeout, unreachable, malformed, bad_signature,
 * rate_limited, unavailable, or http_{status}): nothing is concluded from it; a transfer asks its ref again.
 */
export class GameBridgeUnanswered extends ProviderError {
  override name = 'GameBridgeUnanswered';
}

/**
 * The game providers behind a bridge that speaks our protocol (docs/game-provider-protocol.md) at
 * GAME_PROVIDER_URL, each call signed with GAME_PROVIDER_SECRET and each answer's signature checked.
 * A refusal the protocol names (no_account, insufficient_funds, ref_cancelled, …) is a ProviderError
 * with that code; anything else (a hang past the deadline, a 5xx or 429, an unsigned answer, a body
 * that is not the protocol's) is GameBridgeUnanswered.
 */
export class HttpGameProvider implements GameProvider {
  constructor(
    private readonly o: {
      baseUrl: string;
      secret: string;
      /** Each call's whole budget, answer read included. */
      timeoutMs: number;
      now?: () => number;
    },
  ) {}

  private async call(operation: Operation | 'drill', payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    const body = JSON.stringify(payload);
    const timestamp = Math.floor((this.o.now ?? Date.now)() / 1000);
    const signature = callSignature(this.o.secret, timestamp, operation, body);
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.o.baseUrl}/${operation}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-wallet-timestamp': String(timestamp),
          'x-wallet-signature': `v1=${signature}`,
          // for the bridge's logs: which call of ours this was
          'x-request-id': randomUUID(),
        },
        body,
        // an answer is the bridge's own, never another address's it points to
        redirect: 'error',
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw (err as Error).name === 'TimeoutError'
        ? new GameBridgeUnanswered(`game bridge: no answer to ${operation} within ${this.o.timeoutMs} ms`, 'timeout')
        : new GameBridgeUnanswered(`game bridge unreachable for ${operation} (${(err as Error).message})`, 'unreachable');
    }
    // the answer is the bridge's only if signed for this call: a proxy's page or another call's answer is not
    if (!signedWith(res.headers.get('x-bridge-signature') ?? undefined, answerSignature(this.o.secret, signature, res.status, text)))
      throw new GameBridgeUnanswered(
        `game bridge: ${operation} answered ${res.status} without a valid signature`,
        // a proxy's error page in front of the bridge is said as its status
        res.status >= 500 ? `http_${res.status}` : 'bad_signature',
      );
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new GameBridgeUnanswered(`game bridge: ${operation} answered ${res.status} with a body that is not JSON`, 'malformed');
    }
    if (res.status === 200 && isObject(json)) return json;
    const error = isObject(json) && isObject(json.error) ? json.error : undefined;
    const code = typeof error?.code === 'string' ? error.code : '';
    const message = typeof error?.message === 'string' ? error.message.slice(0, 200) : '';
    const known = isErrorCode(code);
    // a refusal is an answer, with the status the protocol gives it; the bridge down, busy or confused is none
    if (known && REFUSALS.has(code) && ERROR_STATUS[code] === res.status)
      throw new ProviderError(`game bridge refused ${operation}: ${code} ${message}`, code);
    throw new GameBridgeUnanswered(
      `game bridge: ${operation} answered ${res.status} ${known ? code : '(not a protocol error)'} ${message}`.trim(),
      known ? code : `http_${res.status}`,
    );
  }

  async createAccount(provider: string, memberId: number, currency: Currency): Promise<GameCredentials> {
    const a = await this.call('open', { game: provider, member: memberId, currency });
    return { username: str(a, 'username', 'open'), password: str(a, 'password', 'open') };
  }

  async balance(provider: string, username: string): Promise<number> {
    return amount(await this.call('balance', { game: provider, username }), 'balance', 'balance');
  }

  async deposit(provider: string, username: string, amount: number, ref: string): Promise<void> {
    applied(await this.call('deposit', { game: provider, username, amount, ref }), 'deposit');
  }

  async withdraw(provider: string, username: string, amount: number, ref: string): Promise<void> {
    applied(await this.call('withdraw', { game: provider, username, amount, ref }), 'withdraw');
  }

  async refState(provider: string, ref: string): Promise<RefState> {
    const { state } = await this.call('ref', { game: provider, ref });
    if (state === 'applied') return 'applied';
    if (state === 'cancelled' || state === 'unknown') return 'unknown';
    throw malformed('ref', 'state');
  }

  async cancel(provider: string, ref: string): Promise<'applied' | 'cancelled'> {
    const { state } = await this.call('cancel', { game: provider, ref });
    if (state !== 'applied' && state !== 'cancelled') throw malformed('cancel', 'state');
    return state;
  }

  async resetPassword(provider: string, username: string): Promise<string> {
    return str(await this.call('password', { game: provider, username }), 'password', 'password');
  }

  async betsSince(provider: string, username: string, since: number): Promise<number> {
    return amount(await this.call('bets', { game: provider, username, since }), 'stakes', 'bets');
  }

  /**
   * The sandbox bridge's own call, no real bridge answers it (`games drill`): a fault for a game (`fail`,
   * `hang`, `fail-transfers`, `hang-transfers`), a fixed outcome of its rounds (`win`, `lose`), or `none`.
   */
  async sandboxDrill(provider: string, drill: string): Promise<{ fault: string; play: string }> {
    const answer = await this.call('drill', { game: provider, drill });
    return { fault: str(answer, 'fault', 'drill'), play: str(answer, 'play', 'drill') };
  }

  async launchUrl(provider: string, username: string, origin: string): Promise<string> {
    const url = str(await this.call('launch', { game: provider, username, origin }), 'url', 'launch');
    // the member's browser is sent there: a web address, never a javascript: or data: one
    if (!/^https?:\/\/[^\s]+$/.test(url)) throw malformed('launch', 'url');
    return url;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const malformed = (operation: string, field: string) =>
  new GameBridgeUnanswered(`game bridge: ${operation} answered without a valid ${field}`, 'malformed');

function str(answer: Record<string, unknown>, field: string, operation: string): string {
  const value = answer[field];
  if (typeof value !== 'string' || value.length === 0 || value.length > 200) throw malformed(operation, field);
  return value;
}

function amount(answer: Record<string, unknown>, field: string, operation: string): number {
  const value = answer[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw malformed(operation, field);
  return value;
}

function applied(answer: Record<string, unknown>, operation: string): void {
  if (answer.state !== 'applied') throw malformed(operation, 'state');
}
