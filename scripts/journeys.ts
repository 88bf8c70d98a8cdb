/**
 * `npm run test:e2e`: the browser journeys (e2e/), optionally in shards that run side by side,
 * each against its own production server on its own embedded database, then the journeys tagged
 * `@alone` (timings measured in the browser) with the machine to themselves.
 *
 * Shards share nothing but the build, which is made once here first so that two servers never
 * build at once. They pay off with cores to spare: on two cores two shards (two servers, two
 * browsers) ran each journey about twice as slowly and pushed some past their time limits, so the
 * default is one.
 *
 * E2E_SHARDS sets the number of shards (default 1).
 * Arguments (a spec file, `--grep`, `--headed`) are passed to Playwright, which then runs once.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { buildNeeded, runBuild } from './build-if-needed';
import { waitForQuietMachine } from './quiet-machine';

const root = process.cwd();
const config = 'e2e/playwright.config.ts';
const ALONE = '@alone';

function playwright(args: string[], env: Record<string, string>, prefix: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', config, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Each line whole and named by its shard, so side-by-side output stays readable.
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<void> {
  const passThrough = process.argv.slice(2);
  const reason = buildNeeded(root);
  if (reason) {
    console.log(`▸ Building Corridor for the journeys (${reason})…`);
    await runBuild(root);
  }
  if (passThrough.length > 0) {
    process.exitCode = await playwright(passThrough, {}, '');
    return;
  }

  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 1) || 1);
  const started = Date.now();
  const codes = await Promise.all(
    Array.from({ length: shards }, (_, index) => {
      const shard = `${index + 1}`;
      const args = ['--grep-invert', ALONE, ...(shards > 1 ? [`--shard=${shard}/${shards}`] : [])];
      return playwright(args, { E2E_SHARD: shard }, shards > 1 ? `[${shard}/${shards}] ` : '');
    }),
  );
  console.log(`▸ ${shards} shard(s) done in ${Math.round((Date.now() - started) / 1000)} s; now the journeys that measure time, alone.`);
  await waitForQuietMachine((line) => console.log(`▸ ${line}`));
  const alone = await playwright(['--grep', ALONE], { E2E_SHARD: 'alone' }, '[alone] ');
  const failed = [...codes, alone].some((code) => code !== 0);
  console.log(failed ? `▸ Journeys failed (exit codes: ${[...codes, alone].join(', ')}).` : '▸ All journeys passed.');
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
