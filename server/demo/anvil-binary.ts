import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PLATFORM_PACKAGES: Record<string, string | undefined> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/**
 * The anvil executable of @foundry-rs/anvil's platform package (a devDependency: the package's own
 * launcher resolves `@foundry-rs/anvil-<os>-<cpu>/bin/anvil` the same way), or undefined when this
 * platform's package is not installed (a production install without devDependencies).
 */
export function anvilBinary(): string | undefined {
  const pkg = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!pkg) return undefined;
  try {
    const manifest = createRequire(import.meta.url).resolve(`${pkg}/package.json`);
    const binary = join(dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}
