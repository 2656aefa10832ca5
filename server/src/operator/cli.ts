import { ConfigError, loadConfig } from '../config.js';
import { migrate, oneAtATime, openDatabase } from '../db/database.js';
import { seed } from '../db/seed.js';
import { SettingValueError } from '../settings/store.js';
import { backup, openWallet, restore } from './backup.js';
import { HELP, runCommand, UsageError } from './commands.js';
import { parseOptions } from './common.js';
import { importSqlite } from './import-sqlite.js';

/** `<group> --help`: the entries of that group's commands (an entry's continuation lines come with it). */
function helpFor(group: string): string | undefined {
  const entries = HELP.split(/\n(?= {2}npm run operator -- )/).slice(1);
  const mine = entries.filter((e) => e.startsWith(`  npm run operator -- ${group} `) || e.startsWith(`  npm run operator -- ${group}\n`));
  return mine.length ? mine.map((e) => e.split('\n\n')[0]).join('\n') : undefined;
}

async function main(argv: string[]): Promise<number> {
  if (!argv.length || argv.includes('--help') || argv.includes('-h')) {
    const first = argv[0];
    console.log((first && !first.startsWith('-') && helpFor(first)) || HELP);
    return argv.length ? 0 : 1;
  }
  const config = loadConfig();
  const init = argv.includes('--init');
  const args = argv.filter((a) => a !== '--init');
  if (args[0] === 'import-sqlite') {
    const [, file, ...rest] = args;
    if (!file)
      throw new UsageError('import-sqlite needs the SQLite file: import-sqlite <DATA_DIR>/wallet.db [--uploads <DATA_DIR>/uploads]');
    const { uploads } = parseOptions(rest, ['uploads']);
    await importSqlite(config, file, uploads, (line) => console.log(line));
    return 0;
  }
  if (args[0] === 'restore') {
    if (!args[1]) throw new UsageError('restore needs the backup directory');
    await restore(config, args[1], (line) => console.log(line));
    return 0;
  }
  // a mistyped DATA_DIR or DATABASE_URL must not become a new, empty wallet that "balances"
  const database = init ? await openDatabase(config) : await openWallet(config);
  if (!database) {
    const where = config.databaseUrl ? 'the database of DATABASE_URL' : `DATA_DIR ${config.dataDir}`;
    console.error(`error: no wallet in ${where}; check the setting, or add --init to create one there`);
    return 2;
  }
  try {
    await migrate(database);
    await oneAtATime(database, () => seed(database, config));
    console.log(`database: ${database.where}`);
    if (args[0] === 'backup') {
      if (!args[1]) throw new UsageError('backup needs a directory to write to');
      await backup(database, config, args[1], (line) => console.log(line));
      return 0;
    }
    // the open apps hear of what this command changed by the NOTIFY its transactions make
    await runCommand({ database, config }, args, (line) => console.log(line));
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError) {
      // the server's own check (production: each secret missing or a demo default), one line each
      for (const line of err.message.split('\n')) console.error(`Configuration error: ${line}`);
      process.exit(2);
    }
    if (err instanceof UsageError || err instanceof SettingValueError) {
      // the error, and where its command's help is: the whole help (200 lines) buried the one line that matters
      const group = process.argv[2];
      const help = group && !group.startsWith('-') && helpFor(group) ? `npm run operator -- ${group} --help` : 'npm run operator -- --help';
      console.error(`error: ${err.message}\n(${help} shows how to use it)`);
      process.exit(2);
    }
    console.error(err);
    process.exit(1);
  },
);
