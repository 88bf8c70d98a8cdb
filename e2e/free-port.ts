import { execFileSync } from 'node:child_process';

/**
 * A port on 127.0.0.1 that nothing listens on now, found synchronously: Playwright reads its config
 * without awaiting anything, so a child Node binds port 0 and prints what it got. Code that can
 * await uses `freePort` (tests/operations/spawn-corridor.ts).
 */
export function freePortSync(): number {
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
