import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../tests/operations/spawn-corridor';
import { startHttpServer, type RunningServer } from './serve';

// A checkout-sized page: Next answers the real one the same way, through the same server.
const page = `<!DOCTYPE html><html lang="en"><body>${'<p class="checkout-copy-row">Account number 6222 0212 3456 7890</p>'.repeat(200)}</body></html>`;

async function pageHandler(req: IncomingMessage, res: ServerResponse): Promise<void> {
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

  it('the REST API is not handed to this layer', async () => {
    const { headers } = await get(`${running.url}/api/v1/no-such-route`, 'br, gzip');
    expect(headers['content-encoding']).toBeUndefined();
  });
});
