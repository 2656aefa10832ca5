/** The providers of §2 and how the member sees them. Logos are drawn by our server (/play/logo/CODE.svg). */
export type Category = 'slot' | 'sport' | 'lotto';

export interface GameInfo {
  code: string;
  name: string;
  category: Category;
  /** Multiplier shown as the provider's own unit on the second line of an active card. */
  ftWalletSlot: number;
  color: string;
  /** Providers whose web login goes through /api/autoLogin; the value says which arguments it takes. */
  autoLogin: 'username' | 'username+password' | null;
  apps: boolean;
}

const g = (
  code: string,
  name: string,
  category: Category,
  color: string,
  autoLogin: GameInfo['autoLogin'] = null,
  apps = true,
  ftWalletSlot = 1,
): GameInfo => ({ code, name, category, color, autoLogin, apps, ftWalletSlot });

export const GAMES: readonly GameInfo[] = [
  g('PG', 'PG Soft', 'slot', '#2b3a67', 'username'),
  g('PGSLOT', 'PG Slot', 'slot', '#3d2b67', 'username'),
  g('JOKER', 'Joker Gaming', 'slot', '#7a1f1f', null, true),
  g('JOKER2', 'Joker Gaming 2', 'slot', '#8a3a1f', 'username+password'),
  g('SLOTXO', 'SlotXO', 'slot', '#1f5a7a', null, true),
  g('SUPERSLOT', 'SuperSlot', 'slot', '#5a1f7a', null, false),
  g('BETFLIX', 'Betflix', 'slot', '#1f7a4a', 'username+password'),
  g('AREASLOT', 'Area Slot', 'slot', '#7a6a1f', 'username'),
  g('CIRCUS', 'Circus', 'slot', '#a0522d', 'username', false),
  g('SLOTRACHA', 'Slot Racha', 'slot', '#6a1f5a', 'username'),
  g('IMI', 'IMI Gaming', 'slot', '#1f3a7a', 'username+password', false),
  g('SEXYGAME', 'Sexy Baccarat', 'sport', '#a01f4a', null, true),
  g('ASKMEBET', 'AskMeBet', 'sport', '#1f6a7a', 'username+password'),
  g('USUN', 'USUN Casino', 'sport', '#4a4a1f', 'username', false),
  g('UFABET', 'UFABET', 'sport', '#c27a00', null, false),
  g('HUAYHD', 'Huay HD', 'lotto', '#2f7a1f', 'username'),
];

export function findGame(code: string): GameInfo | undefined {
  return GAMES.find((game) => game.code === code);
}
