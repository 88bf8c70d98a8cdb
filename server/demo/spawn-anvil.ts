import { spawn, type ChildProcess } from 'node:child_process';
import { anvilBinary } from './anvil-binary';

/**
 * Anvil under a small shell that ends it when its parent ends, however the parent ends. A node
 * started by `npm start` in demo mode or by a test outlived its parent when that was killed -9
 * (`process.on('exit')` never runs then) and kept mining a block a second on the machine.
 *
 * The shell holds the parent's pipe on its standard input: the pipe closes when the parent exits
 * for any reason, and the watcher then stops anvil. SIGTERM to the shell (the child's `kill()`)
 * stops anvil too, and the shell exits with anvil's status, so `exit` events still mean anvil
 * ended.
 */
const GUARD = [
  'exec 3<&0',
  '"$0" "$@" </dev/null & node=$!',
  "trap 'kill $node 2>/dev/null' TERM INT",
  '( read -r _ <&3; kill $node 2>/dev/null ) & watcher=$!',
  'exec 3<&-',
  'wait $node; status=$?',
  'wait $node 2>/dev/null',
  'kill $watcher 2>/dev/null',
  'exit $status',
].join('\n');

/** Starts anvil with `args` (standard output and error piped), or throws when it is not installed. */
export function spawnAnvil(args: string[]): ChildProcess {
  const binary = anvilBinary();
  if (!binary) throw new Error('anvil is not installed for this platform (@foundry-rs/anvil is a devDependency)');
  return spawn('sh', ['-c', GUARD, binary, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
}
