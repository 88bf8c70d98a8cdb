/**
 * The operator CLI: `npm run corridor -- <command> [flags] [--json]`. Every command calls the same
 * server functions the consoles use, so what it does is audited and validated the same way.
 */
import { closeDatabase, getDatabase } from '../db';
import { isDomainError } from '../server/errors';
import { commands, type Flags } from './cli/commands';

function help(): string {
  const lines = Object.values(commands).map((command) => `  ${command.usage}\n      ${command.summary}`);
  return ['Usage: npm run corridor -- <command> [flags] [--json]', '', 'Commands:', ...lines].join('\n');
}

const BOOLEAN_FLAGS = new Set(['json', 'help']);

/** `word word --flag value --switch`: every flag takes a value except the switches above. */
function parseCommandLine(args: string[]): { positionals: string[]; flags: Flags } {
  const positionals: string[] = [];
  const flags: Flags = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) flags[name] = inline;
    else if (BOOLEAN_FLAGS.has(name)) flags[name] = true;
    else {
      const value = args[i + 1];
      flags[name] = value === undefined || value.startsWith('--') ? '' : value;
      if (value !== undefined && !value.startsWith('--')) i += 1;
    }
  }
  return { positionals, flags };
}

async function main(): Promise<number> {
  const { positionals, flags } = parseCommandLine(process.argv.slice(2));
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
