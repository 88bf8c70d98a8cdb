/** What the global setup hands every test file: where to clone a migrated database from. */
type TestDbSource =
  | { kind: 'postgres'; adminUrl: string; template: string }
  | { kind: 'pglite'; dumpFile: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbSource;
    pgliteDump: string;
  }
}

// A module, so the declaration above augments vitest's types instead of replacing them.
export {};
