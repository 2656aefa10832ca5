/** The wallet's code in a transfer's `from` and `to`; the other side names a game. */
export const WALLET = 'WALLET';

/**
 * §5 transfer: money moves between the wallet and one game, either way; never from a game to another
 * game, nor from an account to itself. A §8 code, or undefined when the pair is allowed.
 */
export function transferPairRule(from: string, to: string): 'KEY_INVALID' | undefined {
  return from === to || (from !== WALLET && to !== WALLET) ? 'KEY_INVALID' : undefined;
}
