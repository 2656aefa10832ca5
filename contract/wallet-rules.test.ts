import { describe, expect, it } from 'vitest';
import { transferPairRule } from './wallet-rules.js';

describe('§5 transfer pair shared by the site and the server', () => {
  it('allows the wallet to a game and a game to the wallet', () => {
    expect(transferPairRule('WALLET', 'PG')).toBeUndefined();
    expect(transferPairRule('PG', 'WALLET')).toBeUndefined();
  });

  it('refuses a game to another game and an account to itself', () => {
    expect(transferPairRule('PG', 'JOKER')).toBe('KEY_INVALID');
    expect(transferPairRule('PG', 'PG')).toBe('KEY_INVALID');
    expect(transferPairRule('WALLET', 'WALLET')).toBe('KEY_INVALID');
  });
});
