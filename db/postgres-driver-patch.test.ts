import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * postgres.js 3.4.9 throws from an immediate when a connection closes with a small write still
 * buffered, which ends the process (a node died this way in the failover test). patches/ holds the
 * fix; `npm install` applies it (postinstall). This holds every install to having it, in both of
 * the package's builds.
 */
describe('the PostgreSQL driver', () => {
  // The CommonJS entry (cjs/src/index.js) is two folders below the package's own.
  const root = path.resolve(path.dirname(createRequire(import.meta.url).resolve('postgres')), '../..');
  it.each(['src/connection.js', 'cjs/src/connection.js'])('%s settles a write on a closed connection instead of throwing', (file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    const nextWrite = source.slice(source.indexOf('function nextWrite('), source.indexOf('function connectTimedOut('));
    expect(nextWrite).toMatch(/if \(!socket\) \{[^}]*error\(Errors\.connection\('CONNECTION_CLOSED'/);
  });

  // prefer-standby refused every primary, even the last host tried, so a read pool over a formation
  // with its standbys down (or on a lone primary) never connected; patched to take the last host of
  // a pass whatever it is, as libpq does (docs/deploy.md, "Reads off the primary").
  it.each(['src/connection.js', 'cjs/src/connection.js'])('%s lets prefer-standby fall back to a primary', (file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    expect(source).toContain("(x === 'prefer-standby' && xs.in_hot_standby === 'off' && hostIndex !== 0)");
  });

  // A transaction waiting for a connection when the pool's connections were cut waited for good: the
  // reconnect made for it dropped its reservation (db/pool-reconnect.test.ts runs it on one build).
  it.each(['src', 'cjs/src'])('%s hands a reconnected connection to the reservation it was made for', (folder) => {
    const connection = readFileSync(path.join(root, folder, 'connection.js'), 'utf8');
    expect(connection).toContain('reserve && reserve(connection)');
    // And a connection lost while it starts fails its own statement without a rejection nobody handles.
    expect(connection).toContain('return fetchArrayTypes().catch(noop)');
    expect(connection).toContain('query.execute().catch(noop)');
    const index = readFileSync(path.join(root, folder, 'index.js'), 'utf8');
    expect(index).toMatch(/closed\.length\s*\?\s*connect\(closed\.shift\(\), query\)\s*:\s*queries\.push\(query\)/);
  });
});
