/**
 * The operator CLI: `npm run corridor -- <command> [flags] [--json]`. Every command calls the same
 * server functions the consoles use, so what it does is audited and validated the same way.
 */
import { parseArgs } from 'node:util';
import { closeDatabase, getDatabase } from '../db';
import { isDomainError } from '../server/errors';
import { commands, type Flags } from './cli/commands';

function help(): string {
  const lines = Object.values(commands).map((command) => `  ${command.usage}\n      ${command.summary}`);
  return ['Usage: npm run corridor -- <command> [flags] [--json]', '', 'Commands:', ...lines].join('\n');
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ args: process.argv.slice(2), strict: false, allowPositionals: true });
  const flags = values as Flags;
  const json = flags.json === true;
  const name = positionals.slice(0, 2).join(' ');
  const command = commands[name];
  if (!command || flags.help) {
    console.log(help());
    return command || flags.help || positionals.length === 0 ? 0 : 2;
  }
  try {
    const db = command.needsDatabase ? (await getDatabase()).db : (undefined as never);
    const { result, text } = await command.run(db, flags);
    console.log(json ? JSON.stringify(result, null, 2) : text);
    return Number(process.exitCode ?? 0);
  } catch (error) {
    if (isDomainError(error)) {
      const body = { error: { code: error.code, message: error.message, details: error.details } };
      if (json) console.log(JSON.stringify(body, null, 2));
      else {
        console.error(`${error.code}: ${error.message}`);
        for (const detail of error.details ?? []) console.error(`  ${detail.path}: ${detail.message}`);
      }
      return 1;
    }
    throw error;
  } finally {
    if (command.needsDatabase) await closeDatabase();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
