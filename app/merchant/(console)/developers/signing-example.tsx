'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { useMerchantMessages } from '../../_components/messages-context';
import { developersMessages } from './messages';

/** docs/api.md, "Signing a request", filled in with this merchant's base URL and a chosen key id; never a secret. */
function curlExample(baseUrl: string, keyId: string): string {
  return `export CORRIDOR_BASE_URL=${baseUrl}
export CORRIDOR_API_KEY=${keyId}
export CORRIDOR_API_SECRET=...   # the secret shown once when the key was created

path_and_query='/api/v1/balance'
timestamp=$(date +%s%3N)
nonce=$(openssl rand -hex 16)
body_hash=$(printf '' | openssl dgst -sha256 -r | cut -d' ' -f1)
signature=$(printf '%s\\n%s\\n%s\\n%s\\n%s' "$timestamp" "$nonce" GET "$path_and_query" "$body_hash" \\
  | openssl dgst -sha256 -hmac "$CORRIDOR_API_SECRET" -r | cut -d' ' -f1)

curl -sS "$CORRIDOR_BASE_URL$path_and_query" \\
  -H "X-Api-Key: $CORRIDOR_API_KEY" \\
  -H "X-Timestamp: $timestamp" \\
  -H "X-Nonce: $nonce" \\
  -H "X-Signature: $signature"`;
}

function nodeExample(baseUrl: string, keyId: string): string {
  return `import { createHash, createHmac, randomBytes } from 'node:crypto';

const baseUrl = '${baseUrl}';
const apiKey = '${keyId}';
const apiSecret = process.env.CORRIDOR_API_SECRET; // never in code or a browser

export async function corridorRequest(method, pathAndQuery, body) {
  const rawBody = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const stringToSign = [timestamp, nonce, method.toUpperCase(), pathAndQuery,
    createHash('sha256').update(rawBody, 'utf8').digest('hex')].join('\\n');
  const signature = createHmac('sha256', apiSecret).update(stringToSign, 'utf8').digest('hex');
  const response = await fetch(baseUrl + pathAndQuery, {
    method,
    headers: {
      'X-Api-Key': apiKey, 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': signature,
      ...(rawBody ? { 'Content-Type': 'application/json' } : {}),
    },
    body: rawBody || undefined,
  });
  return response.json();
}

console.log(await corridorRequest('GET', '/api/v1/balance'));`;
}

export function SigningExample({ baseUrl }: { baseUrl: string }) {
  const trpc = useTRPC();
  const t = developersMessages[useMerchantMessages().lang];
  const keys = useQuery(trpc.merchantDevelopers.listKeys.queryOptions({}));
  const live = (keys.data?.items ?? []).filter((key) => !key.revokedAt);
  const [chosen, setChosen] = useState<string | null>(null);
  const keyId = chosen && live.some((key) => key.keyId === chosen) ? chosen : (live[0]?.keyId ?? 'mk_...');
  return (
    <section aria-labelledby="signing-heading">
      <h2 id="signing-heading">{t.signing}</h2>
      <p>{t.signingLead}</p>
      {live.length > 0 ? (
        <label>
          {t.signingKey}{' '}
          <select value={keyId} onChange={(event) => setChosen(event.target.value)}>
            {live.map((key) => (
              <option key={key.keyId} value={key.keyId}>
                {key.keyId}
                {key.label ? ` (${key.label})` : ''}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="console-empty">{t.signingNoKey}</p>
      )}
      <h3>curl</h3>
      <pre className="code-block" tabIndex={0} role="region" aria-label="curl" data-testid="signing-curl">
        <code>{curlExample(baseUrl, keyId)}</code>
      </pre>
      <h3>Node.js</h3>
      <pre className="code-block" tabIndex={0} role="region" aria-label="Node.js" data-testid="signing-node">
        <code>{nodeExample(baseUrl, keyId)}</code>
      </pre>
    </section>
  );
}
