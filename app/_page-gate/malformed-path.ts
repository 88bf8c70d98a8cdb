import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A page address whose percent-escapes are not UTF-8 (`/docs/%ED%A0%80`, `/operator/orders/%ZZ`)
 * names no page. Next answers such a path on a dynamic route with a bare 500 and logs nothing, so
 * the server answers it first: 400 and a short page in both languages (docs/security.md, "The
 * perimeter").
 */
export function isMalformedPath(path: string): boolean {
  try {
    decodeURI(path);
    return false;
  } catch {
    return true;
  }
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Address not valid · Corridor</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<main>
<h1>This address is not valid</h1>
<p>Part of the address is not valid text, so it names no page. Check the link you followed, or <a href="/">go to the start page</a>.</p>
<p lang="zh-CN">此网址包含无效字符，找不到对应的页面。请检查链接，或<a href="/">返回首页</a>。</p>
</main>
</body></html>
`;

export function answerMalformedPath(res: ServerResponse, req: IncomingMessage): void {
  const body = req.method === 'HEAD' ? '' : PAGE;
  res.writeHead(400, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(PAGE)),
    'cache-control': 'no-store',
    // Whatever body came with it is not read: the connection is not reused.
    ...(req.headers['content-length'] || req.headers['transfer-encoding'] ? { connection: 'close' } : {}),
  });
  res.end(body);
}
