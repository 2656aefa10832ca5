import { ConfigError, loadConfig } from '../config.js';
import { migrate, openDatabase } from '../db/database.js';
import { seed } from '../db/seed.js';
import { relayMemberEvents } from '../modules/events/relay.js';
import { SettingValueError } from '../settings/store.js';
import { HELP, runCommand, UsageError } from './commands.js';

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
  const database = await openDatabase(config);
  try {
    await migrate(database);
    await seed(database, config);
    console.log(`database: ${database.dialect} ${database.where}`);
    // SQLite: the open apps hear of what this command changed through the running server
    const relay = relayMemberEvents(database, config);
    try {
      await runCommand({ database, config }, argv, (line) => console.log(line));
    } finally {
      await relay.flush();
    }
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
      console.error(`error: ${err.message}\n\n${HELP}`);
      process.exit(2);
    }
    console.error(err);
    process.exit(1);
  },
);
