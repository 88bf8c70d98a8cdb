import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Domain actions take the database and one options object (docs/architecture.md, "Layers"):
 * `cancelPayout(db, { orderId, note, operator, now })` reads the same at every call site, and a new
 * field cannot be passed in the wrong position. The rule held here: an exported function of
 * server/ whose first parameter is the database (typed Db, Tx, Executor or Database, or named db,
 * tx or executor) takes at most two parameters after it. Two are left alone on purpose: a thing
 * and what to do with it (`(db, traderId, page)`) is still read without a name on each.
 */
const root = path.resolve(__dirname, '../..');
const server = path.join(root, 'server');
const MAX_AFTER_DATABASE = 2;
const DATABASE_TYPES = new Set(['Db', 'Tx', 'Executor', 'Database']);
const DATABASE_NAMES = new Set(['db', 'tx', 'executor']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const isExported = (statement: ts.Statement) => ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

function takesTheDatabaseFirst(fn: ts.SignatureDeclarationBase, source: ts.SourceFile): boolean {
  const [first] = fn.parameters;
  if (!first) return false;
  const typeName = first.type && ts.isTypeReferenceNode(first.type) ? first.type.typeName.getText(source) : null;
  return (typeName !== null && DATABASE_TYPES.has(typeName)) || DATABASE_NAMES.has(first.name.getText(source));
}

/** `name (n after the database)` for each exported function of one module that breaks the rule. */
function positionalActions(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const functions = source.statements.filter(isExported).flatMap((statement): [string, ts.SignatureDeclarationBase][] => {
    if (ts.isFunctionDeclaration(statement) && statement.name) return [[statement.name.text, statement]];
    if (!ts.isVariableStatement(statement)) return [];
    return statement.declarationList.declarations.flatMap((declaration): [string, ts.SignatureDeclarationBase][] => {
      const value = declaration.initializer;
      return value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) ? [[declaration.name.getText(source), value]] : [];
    });
  });
  return functions
    .filter(([, fn]) => takesTheDatabaseFirst(fn, source) && fn.parameters.length - 1 > MAX_AFTER_DATABASE)
    .map(([name, fn]) => `${name} (${fn.parameters.length - 1} after the database)`);
}

describe('domain signatures', () => {
  it('every exported function of server/ takes the database and at most two parameters after it', () => {
    const offenders = sources(server).flatMap((file) => positionalActions(file, readFileSync(file, 'utf8')).map((what) => `${path.relative(root, file)}: ${what}`));
    expect(offenders).toEqual([]);
  });

  it('the check names a positional action and leaves an options object alone', () => {
    const code = [
      "import type { Db, Executor, Tx } from '../../db/client';",
      'export async function cancelPayout(db: Db, orderId: string, note: string, operator: string, now = new Date()) { return [db, orderId, note, operator, now]; }',
      'export const rejectWithdrawal = async (tx: Tx, withdrawal: string, reason: string, now: Date) => [tx, withdrawal, reason, now];',
      'export async function reassignPayout(db: Db, { orderId, operator }: { orderId: string; operator: string }) { return [db, orderId, operator]; }',
      'export async function listOpenTasks(db: Executor, traderId: string, page = 1) { return [db, traderId, page]; }',
      'async function helper(db: Db, a: string, b: string, c: string) { return [db, a, b, c]; }',
      'export function format(a: string, b: string, c: string, d: string) { return helper as unknown as string + a + b + c + d; }',
    ].join('\n');
    expect(positionalActions('server/payouts/example.ts', code)).toEqual(['cancelPayout (4 after the database)', 'rejectWithdrawal (3 after the database)']);
  });
});
