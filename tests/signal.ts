/**
 * A one-time signal between two steps of a test: one side awaits `fired`, the other calls `fire()`
 * (a lock taken, a transaction let go). `Promise.withResolvers` does the same on Node 22 and later,
 * but the TypeScript library the pages compile against stops at ES2023.
 */
export function signal(): { fired: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fired, fire };
}
