import { spawn, type ChildProcess } from 'node:child_process';
import type { ChainConfig } from '../../server/chains/chains';

export interface SignerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves when the process logs that its signer runs. */
  started: Promise<void>;
}

/**
 * The signer's process on PostgreSQL, for `chains`, with the key file and the keyring that opens
 * it: by default tests/chain/signer-test-process.ts (`npm run signer` with recording settlements);
 * `script: 'scripts/signer.ts'` runs `npm run signer` itself, with the withdrawals' settlement.
 */
export function spawnSigner(options: {
  databaseUrl: string;
  chains: readonly ChainConfig[];
  keyFile: string;
  keyring: string;
  xpub: string;
  env?: Record<string, string>;
  script?: 'tests/chain/signer-test-process.ts' | 'scripts/signer.ts';
}): SignerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', options.script ?? 'tests/chain/signer-test-process.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      DATABASE_POOL_SIZE: '4',
      CORRIDOR_MODE: 'demo',
      CORRIDOR_CHAINS: JSON.stringify(options.chains),
      CORRIDOR_CHAINS_FILE: '',
      CORRIDOR_EVM_XPUB: options.xpub,
      CORRIDOR_ENCRYPTION_KEYS: options.keyring,
      CORRIDOR_SIGNER_KEY_FILE: options.keyFile,
      LOG_LEVEL: 'debug',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('signer started')) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => reject(new Error(`the signer exited (${code}) before it started:\n${output.slice(-2000)}`)));
  });
  started.catch(() => {});
  return { child, output: () => output, exited, started };
}

export async function stopSigner(signer: SignerProcess, signal: NodeJS.Signals): Promise<void> {
  if (signer.child.exitCode === null && signer.child.signalCode === null) signer.child.kill(signal);
  await signer.exited;
}
