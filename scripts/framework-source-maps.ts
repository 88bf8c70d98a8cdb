import nodeModule from 'node:module';

interface SourceMapsSupport {
  enabled: boolean;
  nodeModules: boolean;
  generatedCode: boolean;
}

/** `module.getSourceMapsSupport`/`setSourceMapsSupport` (Node 22.14+ and 23.7+); older Nodes lack them. */
const sourceMapsApi = nodeModule as unknown as {
  getSourceMapsSupport?: () => SourceMapsSupport;
  setSourceMapsSupport?: (enabled: boolean, options: { nodeModules: boolean; generatedCode: boolean }) => void;
};

/**
 * Stops Node from reading the source maps of packages under node_modules loaded from here on,
 * keeping them for Corridor's own code. The server runs under tsx, which turns Node's source maps
 * on for the whole process so that our TypeScript's stack traces name the right lines; Node then
 * also reads and keeps, for the process's life, the map of every package file it loads, and Next's
 * server runtimes ship maps of several MB each (about 11 MB in the heap once the pages have been
 * served; docs/performance.md, "Memory"). `next start` reads none of them. Call it after
 * Corridor's own modules are loaded and before Next is.
 */
export function skipPackageSourceMaps(): void {
  const current = sourceMapsApi.getSourceMapsSupport?.();
  if (!current?.enabled || !current.nodeModules) return;
  sourceMapsApi.setSourceMapsSupport?.(true, { nodeModules: false, generatedCode: current.generatedCode });
}
