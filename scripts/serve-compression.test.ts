import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../tests/operations/spawn-corridor';
import { acceptsBrotli } from '../server/http/compress-pages';
import { startHttpServer, type RunningServer } from './serve';

// A checkout-sized page: Next answers the real one the same way, through the same server.
const page = `<!DOCTYPE html><html lang="en"><body>${'<p class="checkout-copy-row">Account number 6222 0212 3456 7890</p>'.repeat(200)}</body></html>`;

// A build asset, as Next serves one: named by its content hash, so immutable.
const script = `(()=>{${Array.from({ length: 400 }, (_, index) => `const value${index}=${JSON.stringify(`checkout-${index % 17}`)};`).join('')}})();`;
const handled: string[] = [];

async function pageHandler(req: IncomingMessage, res: ServerResponse): Promise<void> {
  handled.push(req.url ?? '');
  if (req.url?.startsWith('/_next/static/')) {
    const immutable = req.url.includes('hashed');
    res.writeHead(200, { 'content-type': 'application/javascript; charset=UTF-8', 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache', etag: '"a1"' });
    res.write(script.slice(0, 2000));
    res.end(script.slice(2000));
    return;
  }
  if (req.url === '/pay/events') {
    // Like the live-status stream: never held back in a compression buffer.
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store, no-transform' });
    res.end('data: {}\n\n'.repeat(200));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  // In two writes, as a streamed render sends it.
  res.write(page.slice(0, 1000));
  res.end(page.slice(1000));
}

function get(url: string, acceptEncoding?: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('acceptsBrotli', () => {
  it.each([
    ['br, gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['BR;q=0.5', true],
    ['gzip', false],
    ['br;q=0, gzip', false],
    [undefined, false],
  ] as const)('%j: %s', (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });
});

describe('pages are sent compressed, Brotli first (server/http/compress-pages.ts)', () => {
  let running: RunningServer;

  beforeAll(async () => {
    // The server `npm start` runs, with a stand-in for Next's page handler (tests have no build).
    running = await startHttpServer({ port: await freePort(), host: '127.0.0.1', dir: process.cwd(), pages: false, pageHandler });
  });
  afterAll(async () => {
    await running.close(1_000);
  });

  it('Accept-Encoding "br, gzip": content-encoding br, and the body decodes to the page', async () => {
    const { headers, body } = await get(`${running.url}/pay/some-token`, 'br, gzip');
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(body).toString('utf8')).toBe(page);
    expect(body.length).toBeLessThan(page.length / 10);
  });

  it("Chromium's header (gzip, deflate, br, zstd) gets Brotli too", async () => {
    const { headers } = await get(`${running.url}/pay/some-token`, 'gzip, deflate, br, zstd');
    expect(headers['content-encoding']).toBe('br');
  });

  it('a client without Brotli gets gzip; one that accepts nothing gets the page as is', async () => {
    const gzip = await get(`${running.url}/pay/some-token`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(page);
    const plain = await get(`${running.url}/pay/some-token`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(page);
  });

  it('a no-transform stream (live status) is never compressed', async () => {
    const { headers, body } = await get(`${running.url}/pay/events`, 'br, gzip');
    expect(headers['content-encoding']).toBeUndefined();
    expect(body.toString('utf8')).toBe('data: {}\n\n'.repeat(200));
  });

  it('a build asset is compressed once at Brotli\'s best and then answered from memory, with the same headers; gzip clients still get it from Next', async () => {
    const url = `${running.url}/_next/static/chunks/hashed-1.js`;
    const first = await get(url, 'gzip, deflate, br, zstd');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.body).toString('utf8')).toBe(script);
    // The stronger copy is made in the background: wait until a request no longer reaches Next.
    let later = first;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const before = handled.length;
      later = await get(url, 'br');
      if (handled.length === before) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const before = handled.length;
    later = await get(url, 'br');
    expect(handled.length).toBe(before);
    expect(later.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(later.body).toString('utf8')).toBe(script);
    expect(later.body.length).toBeLessThanOrEqual(first.body.length);
    expect(Number(later.headers['content-length'])).toBe(later.body.length);
    expect(later.headers).toMatchObject({ 'content-type': 'application/javascript; charset=UTF-8', 'cache-control': 'public, max-age=31536000, immutable', etag: '"a1"', 'x-content-type-options': 'nosniff' });
    expect(later.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await get(url, 'gzip');
    expect(handled.length).toBe(before + 1);
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(script);
  });

  it('an asset that may change under its name is never kept', async () => {
    const url = `${running.url}/_next/static/chunks/plain.js`;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const before = handled.length;
      await get(url, 'br');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(handled.length).toBe(before + 1);
    }
  });

  it('the REST API is not handed to this layer', async () => {
    const { headers } = await get(`${running.url}/api/v1/no-such-route`, 'br, gzip');
    expect(headers['content-encoding']).toBeUndefined();
  });
});
