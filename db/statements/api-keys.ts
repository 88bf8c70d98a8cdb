import { sql } from 'drizzle-orm';
import { reusableSql } from '../reusable-query';

// Built once: every signed request runs them.

/**
 * Records a signed request's nonce for a live key (not revoked, not expired, its owner active) and
 * returns the key's scopes, allowlist and last use; no row when the key is not live or the nonce was
 * seen (server/api-keys/authenticate-api-request.ts). Every signed request runs it.
 */
export const recordApiKeyNonce = reusableSql(
  () => sql`
    with live as (
      select k.id, k.scopes, k.ip_allowlist, k.last_used_at
      from api_keys k
      left join merchants m on m.id = k.merchant_id
      left join traders t on t.id = k.trader_id
      where k.id = ${sql.placeholder('keyId')}
        and k.revoked_at is null
        and (k.expires_at is null or k.expires_at > ${sql.placeholder('now')}::timestamptz)
        and coalesce(m.status, t.status) = 'active'
    ), recorded as (
      insert into used_nonces (api_key_id, nonce, created_at)
      select live.id, ${sql.placeholder('nonce')}, ${sql.placeholder('now')}::timestamptz from live
      on conflict do nothing
      returning api_key_id
    )
    select live.scopes, live.ip_allowlist as "ipAllowlist", live.last_used_at as "lastUsedAt"
    from live join recorded on recorded.api_key_id = live.id`,
);

/** Moves a key's last_used_at to `now` unless it is already within a minute of it (server/api-keys/note-key-use.ts). */
export const touchApiKeyLastUsed = reusableSql(
  () => sql`
    update api_keys set last_used_at = ${sql.placeholder('now')}::timestamptz
    where id = ${sql.placeholder('keyId')}
      and (last_used_at is null or last_used_at < ${sql.placeholder('now')}::timestamptz - interval '1 minute')`,
);
