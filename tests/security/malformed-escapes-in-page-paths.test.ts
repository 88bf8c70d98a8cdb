import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningServer } from '../../scripts/serve';
import { freePort } from '../operations/spawn-corridor';

/*
 * Attack: a link whose path holds percent-escapes that are not UTF-8 (`/operator/orders/%ED%A0%80`,
 * `/docs/%ZZ`). Next answered such a path on every dynamic route with a bare 500 and logged nothing:
 * a 500 on user input, and an error rate anyone could raise. Rule: the server answers a page path
 * that does not decode with 400 and a short page in both languages before Next sees it
 * (app/_page-gate/malformed-path.ts); a path that decodes goes on to the pages as before.
 */
describe('page paths with escapes that are not UTF-8 get 400 and a page that says so, never a 500', () => {
  let running: RunningServer;
  const reachedPages: string[] = [];

  beforeAll(async () => {
    running = await startHttpServer({
      port: await freePort(),
      host: '127.0.0.1',
      dir: process.cwd(),
      pageHandler: async (req, res) => {
        reachedPages.push(req.url ?? '');
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('page');
      },
    });
  });
  afterAll(async () => {
    await running.close(1_000);
  });

  for (const path of ['/operator/orders/%ED%A0%80', '/docs/%ZZ', '/merchant/payouts/%C0%AF', '/pay/%E0%A4', '/%FF']) {
    it(`${path}: 400 with the page in English and Chinese; nothing reaches the pages`, async () => {
      const before = reachedPages.length;
      const response = await fetch(`${running.url}${path}?q=1`);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const page = await response.text();
      expect(page).toContain('<h1>This address is not valid</h1>');
      expect(page).toContain('此网址包含无效字符');
      expect(reachedPages.length).toBe(before);
    });
  }

  it('paths that decode (escaped Chinese, a reserved character, a plain path) reach the pages unchanged', async () => {
    for (const path of ['/docs/%E4%B8%AD%E6%96%87', '/operator/orders/WD%2F1', '/merchant/payouts/WD123']) {
      const response = await fetch(`${running.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toBe('page');
      expect(reachedPages.at(-1)).toBe(path);
    }
  });

  it('a malformed query string is the page’s to judge, not refused here', async () => {
    const response = await fetch(`${running.url}/operator/search?q=%ED%A0%80`);
    expect(response.status).toBe(200);
  });
});
