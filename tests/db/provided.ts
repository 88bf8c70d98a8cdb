/** What the global setup hands every test file: where to clone a migrated database from. */
export type TestDbSource =
  | { kind: 'postgres'; adminUrl: string; template: string }
  | { kind: 'pglite'; dumpFile: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbSource;
    pgliteDump: string;
  }
}
