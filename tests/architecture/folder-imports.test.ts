import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The folders of server/ import each other in one direction (docs/architecture.md, "Folders of
 * server/"): a reader can learn a folder from what it imports without being sent in a circle, and
 * the order kernel (server/orders/) knows what every order shares but no flow. Type-only imports
 * count: a cycle is a cycle for a reader even when the compiler erases it. Tests are left out:
 * they may cross folders to set up and observe.
 */
const root = path.resolve(__dirname, '../..');
const server = path.join(root, 'server');

/**
 * The kernel and what it must not know: the flows (each hands its machine and effects to the
 * kernel), including those not written yet, and the folders that combine flows.
 */
const kernel = 'orders';
const flows = ['payouts', 'payins', 'deposits', 'withdrawals', 'chain-sends', 'disputes', 'checkout'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The top-level folder of server/ a module specifier lands in, or null outside server/ (db/, packages). */
function folderOf(file: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('@/')) target = path.join(root, specifier.slice(2));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier);
  else return null;
  const relative = path.relative(server, target);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first! : null;
}

interface Arrow {
  from: string;
  to: string;
  file: string;
}

function arrows(): Arrow[] {
  return sources(server).flatMap((file) => {
    const from = path.relative(server, file).split(path.sep)[0]!;
    // Static imports, `import type`, `export ... from` and dynamic import() alike.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    return importedFiles.flatMap(({ fileName }) => {
      const to = folderOf(file, fileName);
      return to && to !== from ? [{ from, to, file: path.relative(root, file) }] : [];
    });
  });
}

/** Tarjan's strongly connected components: every group of folders that reach each other. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

describe('folders of server/', () => {
  const all = arrows();
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of all) graph.set(from, (graph.get(from) ?? new Set()).add(to));

  it('import each other without a cycle', () => {
    const described = cycles(graph).map((group) => {
      const inside = new Set(group);
      const lines = all.filter((arrow) => inside.has(arrow.from) && inside.has(arrow.to)).map((arrow) => `  ${arrow.from} -> ${arrow.to} (${arrow.file})`);
      return `${group.join(', ')}:\n${[...new Set(lines)].sort().join('\n')}`;
    });
    expect(described).toEqual([]);
  });

  it('the order kernel imports no flow', () => {
    const wrong = all.filter((arrow) => arrow.from === kernel && flows.includes(arrow.to)).map((arrow) => `${arrow.file} imports ${arrow.to}/`);
    expect(wrong).toEqual([]);
  });

  it('sees the imports it checks', () => {
    // A scan that found nothing would pass the two checks above.
    expect(all.some((arrow) => arrow.from === 'payouts' && arrow.to === kernel)).toBe(true);
  });
});
