import { slipCommands } from '../modules/deposit/slip-operator.js';
import { depositCommands } from '../modules/deposit/deposit-operator.js';
import { paymentCommands } from '../modules/deposit/payment-operator.js';
import { bonusCommands } from '../modules/bonus/bonus-operator.js';
import { inviteCommands } from '../modules/invite/invite-operator.js';
import { refundCommands } from '../modules/refund/refund-operator.js';
import { coinCommands } from '../modules/spinwheel/coin-operator.js';
import { wheelCommands } from '../modules/spinwheel/wheel-operator.js';
import { chatCommands } from '../modules/chat/chat-operator.js';
import { staffCommands } from '../modules/staff/staff-operator.js';
import { adjustmentCommands } from '../modules/adjustments/adjustments-operator.js';
import { gameCommands } from '../modules/games/games-operator.js';
import { statementCommands } from '../modules/bank-statement/statement-operator.js';
import type { OperatorEnv, Print } from './common.js';
import { ledgerCommands } from './ledger-commands.js';

/**
 * Operator commands that live with their module (deposits, slips, QR codes, ...): each set prints its
 * lines of the help and runs the commands it knows (true), or leaves them to the next set (false).
 */
export interface CommandSet {
  /** Lines for --help, each "  npm run operator -- <command>   what it does\n". */
  help: string;
  run(env: OperatorEnv, args: string[], print: Print): Promise<boolean>;
}

export const commandSets: CommandSet[] = [
  ledgerCommands,
  slipCommands,
  depositCommands,
  paymentCommands,
  bonusCommands,
  inviteCommands,
  refundCommands,
  wheelCommands,
  coinCommands,
  chatCommands,
  staffCommands,
  adjustmentCommands,
  gameCommands,
  statementCommands,
];
