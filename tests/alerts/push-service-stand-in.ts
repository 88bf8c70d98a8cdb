import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** A browser's side of a push subscription: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

/** RFC 8291 / RFC 8188: opens an aes128gcm push message with the browser's keys (one record). */
function decryptAes128gcm(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic, Buffer.from([1])]);
  const ikm = hmac(hmac(keys.auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not a final record');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID header (RFC 8292): an ES256 JWT for the push service's origin, signed by the key it names. */
function vapidClaims(authorization: string, origin: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  if (!match) throw new Error('no VAPID header');
  const [header, claims, signature] = match[1]!.split('.');
  const publicKey = Buffer.from(match[2]!, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: publicKey.subarray(1, 33).toString('base64url'), y: publicKey.subarray(33).toString('base64url') }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (parsed.aud !== origin) throw new Error(`VAPID audience ${String(parsed.aud)} is not ${origin}`);
  return { ...parsed, k: match[2] };
}

interface PushReceived {
  /** The payload as the browser's service worker would read it. */
  payload: string;
  vapid: Record<string, unknown>;
}

/**
 * A local push service with one subscribed browser: it checks each message's VAPID signature and
 * decrypts the payload with the browser's keys. `answer` sets the status it replies with (410: gone).
 */
export async function startPushServiceStandIn() {
  const keys = browserKeys();
  const received: PushReceived[] = [];
  const problems: string[] = [];
  let answer = 201;
  let origin = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        if (answer < 300) {
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          received.push({ vapid: vapidClaims(String(request.headers.authorization), origin), payload: decryptAes128gcm(Buffer.concat(chunks), keys) });
        }
        response.writeHead(answer).end();
      } catch (error) {
        problems.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    subscription: { endpoint: `${origin}/push/${randomBytes(8).toString('hex')}`, keys: { p256dh: keys.ecdh.getPublicKey().toString('base64url'), auth: keys.auth.toString('base64url') } },
    received,
    problems,
    answerWith(status: number) {
      answer = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
