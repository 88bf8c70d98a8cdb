import nodeModule from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipPackageSourceMaps } from './framework-source-maps';

interface Support {
  enabled: boolean;
  nodeModules: boolean;
  generatedCode: boolean;
}
const api = nodeModule as unknown as { getSourceMapsSupport(): Support; setSourceMapsSupport(enabled: boolean, options?: Omit<Support, 'enabled'>): void };

// Node 22 before 22.14 has no such API; the server then leaves the maps as tsx set them.
describe.skipIf(typeof api.getSourceMapsSupport !== 'function')("the server keeps packages' source maps out of its heap", () => {
  let before: Support;
  beforeEach(() => {
    before = api.getSourceMapsSupport();
  });
  afterEach(() => api.setSourceMapsSupport(before.enabled, { nodeModules: before.nodeModules, generatedCode: before.generatedCode }));

  it('keeps source maps on for our own code and off for node_modules, as tsx left them on for both', () => {
    api.setSourceMapsSupport(true, { nodeModules: true, generatedCode: false });
    skipPackageSourceMaps();
    expect(api.getSourceMapsSupport()).toEqual({ enabled: true, nodeModules: false, generatedCode: false });
  });

  it('turns nothing on where source maps were off', () => {
    api.setSourceMapsSupport(false);
    skipPackageSourceMaps();
    expect(api.getSourceMapsSupport().enabled).toBe(false);
  });
});
