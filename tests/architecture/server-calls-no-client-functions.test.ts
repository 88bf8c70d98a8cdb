import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A function exported by a 'use client' module is, on the server, only a reference to the
 * browser's copy: a page rendered on the server that calls one crashes with a 500 (as the orders
 * list once did on a malformed date in its query string). Server modules may render a client
 * module's components (PascalCase names) but may call none of its functions; shared functions
 * live in plain modules (app/_components/error-text.ts).
 */
const root = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const isClient = (file: string) => /^\s*['"]use client['"]/.test(readFileSync(file, 'utf8'));

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Value imports (not `import type`) of server modules from client modules whose name is not a component's. */
function clientFunctionImports(): string[] {
  const found: string[] = [];
  for (const file of sources(path.join(root, 'app'))) {
    if (isClient(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g)) {
      if (match[1]) continue;
      const target = resolveModule(file, match[3]!);
      if (!target || !isClient(target)) continue;
      const names = match[2]!
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith('type '))
        .map((name) => name.split(/\s+as\s+/)[0]!);
      for (const name of names) if (!/^[A-Z]/.test(name)) found.push(`${path.relative(root, file)} imports ${name} from ${path.relative(root, target)}`);
    }
  }
  return found;
}

describe('server modules and client functions', () => {
  it('no server module imports a function from a client module', () => {
    expect(clientFunctionImports()).toEqual([]);
  });
});
