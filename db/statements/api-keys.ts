import { sql } from 'drizzle-orm';
import { reusableSql } from '../reusable-query';

// Built once: every signed request runs them.

/**
 * Records the nonces of several signed requests at once (server/api-keys/record-nonces.ts), each
 * only for a live key (not revoked, not expired at the request's moment, its owner active), and
 * returns, for each request recorded, its index with the key's scopes, allowlist and last use; a
 * request missing from the answer had a dead key or a nonce already seen. The asks are
 * `[{ i, keyId, nonce, now }]` with no (keyId, nonce) twice; they are inserted in key and nonce
 * order, so two batches that share nonces (a replay racing its original) wait for each other in
 * one order and cannot deadlock. Every signed request runs it.
 */
export const recordApiKeyNonces = reusableSql(
  () => sql`
    with asked as (
      select * from jsonb_to_recordset(${sql.placeholder('asks')}::text::jsonb) as a(i integer, "keyId" uuid, nonce text, now timestamptz)
    ), live as (
      select asked.i, asked.nonce, asked.now, k.id, k.scopes, k.ip_allowlist, k.last_used_at
      from asked
      join api_keys k on k.id = asked."keyId"
      left join merchants m on m.id = k.merchant_id
      left join traders t on t.id = k.trader_id
      where k.revoked_at is null
        and (k.expires_at is null or k.expires_at > asked.now)
        and coalesce(m.status, t.status) = 'active'
    ), recorded as (
      insert into used_nonces (api_key_id, nonce, created_at)
      select live.id, live.nonce, live.now from live order by live.id, live.nonce
      on conflict do nothing
      returning api_key_id, nonce
    )
    select live.i, live.scopes, live.ip_allowlist as "ipAllowlist", live.last_used_at as "lastUsedAt"
    from live join recorded on recorded.api_key_id = live.id and recorded.nonce = live.nonce`,
);

/** Moves a key's last_used_at to `now` unless it is already within a minute of it (server/api-keys/note-key-use.ts). */
export const touchApiKeyLastUsed = reusableSql(
  () => sql`
    update api_keys set last_used_at = ${sql.placeholder('now')}::timestamptz
    where id = ${sql.placeholder('keyId')}
      and (last_used_at is null or last_used_at < ${sql.placeholder('now')}::timestamptz - interval '1 minute')`,
);
