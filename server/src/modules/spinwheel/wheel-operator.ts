import { withTransaction } from '../../db/transaction.js';
import type { Currency } from '../../ledger/money.js';
import type { CommandSet } from '../../operator/command-sets.js';
import { auditCli, heldToTwoAdmins, UsageError, updateSettingAudited, type OperatorEnv, type Print } from '../../operator/common.js';
import { lockedSetting, readAllSettings } from '../../settings/store.js';
import { addWheel, currentWheel, storedSlices, wheelAsInput, WheelError } from './wheel.js';

/** Operator commands for the spin wheel: show it, set a new one (validated), turn it on or off. */

const siteCurrency = (env: OperatorEnv): Currency => (env.config.variant === 'la' ? 'LAK' : 'BAHT');

async function show(env: OperatorEnv, print: Print) {
  const { spinwheel } = await readAllSettings(env.database.db);
  const wheel = await currentWheel(env.database.db);
  print(`wheel: ${spinwheel?.active ? 'on' : 'off'}; coupons expire ${spinwheel?.couponDays ?? '?'} day(s) after the spin`);
  if (!wheel) return print('no wheel set yet');
  const total = wheel.slices.reduce((sum, s) => sum + s.weight, 0);
  for (const s of wheel.slices)
    print(
      `${s.code}\t${s.prize.type}\tweight ${s.weight} (${((100 * s.weight) / total).toFixed(2)}%)\t${typeof s.label === 'string' ? s.label : s.label.th}`,
    );
  print(JSON.stringify(wheelAsInput(wheel, siteCurrency(env))));
}

async function set(env: OperatorEnv, text: string, print: Print) {
  if (!text) throw new UsageError('wheel set needs the wheel as JSON: {"name": ..., "slices": [...]}');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError('wheel set: the wheel is not valid JSON');
  }
  const count = await withTransaction(env.database, async (tx) => {
    // a new wheel changes what every spin pays: while members can spin, it would be one person's word. Held to
    // two admins it is set while the wheel is off, and turning it on (which pays more) is a second admin's
    if (heldToTwoAdmins(env) && (await lockedSetting(tx, 'spinwheel'))?.active !== false)
      throw new UsageError(
        'wheel set: the wheel is on, and a new wheel would change what every spin pays on your word alone: turn it off (wheel off), set it, and turning it on again is proposed by an admin (settings set spinwheel \'<json>\' --as <admin> --reason "...") and applied when another approves it',
      );
    try {
      const wheel = await storedSlices(tx, value, siteCurrency(env));
      await addWheel(tx, wheel, Date.now());
      await auditCli(env, tx, { action: 'wheel.set', target: 'wheel', after: value });
      return wheel.slices.length;
    } catch (err) {
      if (err instanceof WheelError) throw new UsageError(err.message);
      throw err;
    }
  });
  print(`wheel set: ${count} slices; new spins draw on it, coupons already won keep their prize`);
}

async function onOff(env: OperatorEnv, active: boolean, print: Print) {
  // the coupon days as stored when the row is locked, so a change of them at the same moment is kept
  await updateSettingAudited(
    env,
    'spinwheel',
    (before) => ({ couponDays: before?.couponDays ?? 7, active }),
    active ? 'wheel.on' : 'wheel.off',
  );
  print(active ? 'wheel on: members can spin' : 'wheel off: the home hides the wheel and spins are refused (SPINWHEEL_INACTIVE)');
}

export const wheelCommands: CommandSet = {
  help: `  npm run operator -- wheel show                 the wheel: on or off, each slice's prize and chance, and its JSON
  npm run operator -- wheel set '<json>'         a new wheel: {"name": {"th","la","en"}, "slices": [{"code", "label", "bgColor", "textColor",
                       "html", "weight", "prize": {"type": "cash", "amount": 10} | {"type": "bonus", "bonus": "CODE"} | {"type": "nothing"} | {"type": "item"}}]}
                       amounts in the site's currency; write one in a label or html as {money:10}: each member reads it in their own
  npm run operator -- wheel on|off               offer the wheel, or hide it and refuse spins
`,
  async run(env, args, print) {
    const [group, action, ...rest] = args;
    if (group !== 'wheel') return false;
    if (action === 'show') await show(env, print);
    else if (action === 'set') await set(env, rest.join(' '), print);
    else if (action === 'on' || action === 'off') await onOff(env, action === 'on', print);
    else throw new UsageError(`unknown command "wheel ${action ?? ''}"; wheel show, set, on or off`);
    return true;
  },
};
