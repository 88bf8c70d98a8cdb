import type Sharp from 'sharp';

let loaded: Promise<typeof Sharp> | undefined;

/**
 * The image library (sharp, on libvips), loaded on the first image a process handles: importing it
 * costs about 24 MB of native memory, which an API node that never sees a proof or a logo need not
 * carry (docs/performance.md, "Memory"). The first proof or logo waits for the load once.
 */
export function imageLibrary(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then((module) => {
    const sharp = module.default;
    // sharp keeps recently decoded images in a cache; proofs and logos are decoded once, and a
    // cache would only hold on to up to 50 MB of them after a burst of uploads.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
