import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedSessionUser } from '../../app/_auth/session-user';
import { rowsOf } from '../../db/client';
import { auditLog, merchantInvitations, users } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { MEMBER_PASSWORD, merchantWithOwner, teamMember, tokenOf } from '../../tests/fixtures/merchant-team';
import { merchantWithBalance } from '../../tests/fixtures/parties';
import { merchantSession } from '../../tests/trpc/trpc-harness';
import { cliActor } from '../audit';
import { signInWithPassword } from '../auth/sign-in';
import { updateMerchantSettings } from '../merchants/update-merchant-settings';
import { sha256Hex } from '../crypto/tokens';
import { acceptInvitation } from './accept-invitation';
import { changeMerchantRole } from './change-merchant-role';
import { createMerchantOwner } from './create-merchant-owner';
import { describeInvitation } from './describe-invitation';
import { INVITATION_TTL_HOURS } from './invitation-token';
import { inviteMerchantUser } from './invite-merchant-user';
import { listMerchantTeam } from './list-merchant-team';
import { merchantPermissions, merchantRoles, permissionsOf, totpRequiredFor } from './merchant-permissions';
import { removeMerchantUser } from './remove-merchant-user';
import { revokeInvitation } from './revoke-invitation';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const actor = (member: { merchantId: string; userId: string }) => ({ merchantId: member.merchantId, userId: member.userId, ip: '203.0.113.9' });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'RESOLVED';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

/** Everything a team change could touch, as one comparable value. */
async function teamState() {
  const [row] = rowsOf<Record<string, string>>(
    await database.db.execute(sql`
      select (select count(*) from audit_log)::text as audit,
             (select string_agg(email || ':' || coalesce(merchant_role, '-') || ':' || status || ':' || session_version, ',' order by email) from users) as users,
             (select string_agg(email || ':' || merchant_role || ':' || (accepted_at is null)::text || ':' || (revoked_at is null)::text, ',' order by created_at, id) from merchant_invitations) as invitations`),
  );
  return row;
}

describe('the role -> permissions table', () => {
  it('grants each role exactly what docs/merchant-guide.md says', () => {
    expect(Object.fromEntries(merchantRoles.map((role) => [role, [...permissionsOf(role)].sort()]))).toEqual({
      owner: [...merchantPermissions].sort(),
      developer: ['keys.manage', 'requests.read', 'team.read', 'webhooks.manage'],
      finance: ['balance.read', 'exports.create', 'orders.read', 'statements.read', 'team.read'],
      support: ['orders.read', 'team.read'],
    });
    expect(merchantRoles.filter((role) => permissionsOf(role).includes('team.manage'))).toEqual(['owner']);
    expect(merchantRoles.filter((role) => permissionsOf(role).includes('orders.decide'))).toEqual(['owner']);
    expect(merchantRoles.filter((role) => permissionsOf(role).includes('audit.read'))).toEqual(['owner']);
    expect(merchantRoles.filter((role) => permissionsOf(role).includes('requests.read'))).toEqual(['owner', 'developer']);
    expect(merchantRoles.filter(totpRequiredFor)).toEqual(['owner', 'developer']);
  });
});

describe('the first owner', () => {
  it('an operator invites them: a one-time link, only its SHA-256 stored, audited; they join with their own password and sign in', async () => {
    const merchant = await merchantWithBalance(database.db, '0');
    const invitation = await createMerchantOwner(database.db, { merchantId: merchant.merchantId, email: 'First.Owner@Test.Local', actor: cliActor });
    expect(invitation.email).toBe('first.owner@test.local');
    expect(invitation.link).toMatch(/^http:\/\/localhost:3000\/merchant\/invitation\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(invitation.link);
    const expires = new Date(invitation.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan((INVITATION_TTL_HOURS - 1) * 3_600_000);
    expect(expires).toBeLessThanOrEqual(INVITATION_TTL_HOURS * 3_600_000);

    const [stored] = await database.db.select().from(merchantInvitations).where(eq(merchantInvitations.id, invitation.invitationId));
    expect(stored).toMatchObject({ tokenHash: sha256Hex(token), merchantRole: 'owner', invitedBy: null });
    expect(JSON.stringify(await database.db.select().from(merchantInvitations))).not.toContain(token);
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'merchant_team.owner_invited'), eq(auditLog.targetId, merchant.merchantId)));
    expect(audit).toMatchObject({ actorType: 'cli', targetType: 'merchant' });
    expect(JSON.stringify(audit)).not.toContain(token);

    expect(await describeInvitation(database.db, { token })).toEqual({ merchantName: merchant.name, email: 'first.owner@test.local', role: 'owner', expiresAt: invitation.expiresAt });
    const accepted = await acceptInvitation(database.db, { token, displayName: 'Fay Owner', password: MEMBER_PASSWORD });
    const signedIn = await signInWithPassword(database.db, { input: { email: 'first.owner@test.local', password: MEMBER_PASSWORD, ip: '203.0.113.10' } });
    expect(signedIn).toMatchObject({ userId: accepted.userId, role: 'merchant', merchantId: merchant.merchantId, totpEnrolled: false });
    const [signInAudit] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.actorId, accepted.userId)));
    expect(signInAudit?.actorType).toBe('merchant');
    // Once an owner is active, the operator's door is closed: owners run their team.
    expect(await codeOf(createMerchantOwner(database.db, { merchantId: merchant.merchantId, email: 'second@test.local', actor: cliActor }))).toBe('CONFLICT');
  });

  it('bad input and an unknown merchant are refused with a code, and nothing changes', async () => {
    const before = await teamState();
    expect(await codeOf(createMerchantOwner(database.db, { merchantId: '00000000-0000-4000-8000-000000000000', email: 'a@test.local', actor: cliActor }))).toBe('NOT_FOUND');
    expect(await codeOf(createMerchantOwner(database.db, { merchantId: 'not-a-uuid', email: 'a@test.local', actor: cliActor }))).toBe('VALIDATION_FAILED');
    const merchant = await merchantWithBalance(database.db, '0');
    const mid = await teamState();
    expect(await codeOf(createMerchantOwner(database.db, { merchantId: merchant.merchantId, email: 'not an email', actor: cliActor }))).toBe('VALIDATION_FAILED');
    expect(await teamState()).toEqual(mid);
    expect(before?.users).toEqual(mid?.users);
  });
});

describe('invitations', () => {
  it('re-inviting a pending email revokes the older link; the newer one works once', async () => {
    const { owner } = await merchantWithOwner(database.db);
    const first = await inviteMerchantUser(database.db, { email: 'dev@test.local', role: 'developer', actor: actor(owner) });
    const second = await inviteMerchantUser(database.db, { email: 'DEV@test.local', role: 'finance', actor: actor(owner) });
    expect(second.replaced).toEqual([first.invitationId]);
    expect(await codeOf(describeInvitation(database.db, { token: tokenOf(first.link) }))).toBe('INVITATION_INVALID');
    expect(await codeOf(acceptInvitation(database.db, { token: tokenOf(first.link), displayName: 'Dev', password: MEMBER_PASSWORD }))).toBe('INVITATION_INVALID');
    const team = await listMerchantTeam(database.db, { merchantId: owner.merchantId });
    expect(team.invitations.map((i) => [i.email, i.role, i.invitedBy])).toEqual([['dev@test.local', 'finance', 'Olive Owner']]);

    const joined = await acceptInvitation(database.db, { token: tokenOf(second.link), displayName: 'Dana Dev', password: MEMBER_PASSWORD });
    expect(joined.role).toBe('finance');
    expect(await codeOf(acceptInvitation(database.db, { token: tokenOf(second.link), displayName: 'Again', password: MEMBER_PASSWORD }))).toBe('INVITATION_INVALID');
    expect((await listMerchantTeam(database.db, { merchantId: owner.merchantId })).invitations).toEqual([]);
  });

  it('an email that already signs in, a weak password, an expired or revoked link: refused at acceptance, nothing changed', async () => {
    const { owner } = await merchantWithOwner(database.db);
    // Inviting answers alike for every address (docs/security.md); joining refuses a taken one.
    const taken = await inviteMerchantUser(database.db, { email: owner.email, role: 'support', actor: actor(owner) });
    const beforeTaken = await teamState();
    expect(await codeOf(acceptInvitation(database.db, { token: tokenOf(taken.link), displayName: 'Twice', password: MEMBER_PASSWORD }))).toBe('CONFLICT');
    expect(await teamState()).toEqual(beforeTaken);

    const invitation = await inviteMerchantUser(database.db, { email: 'weak@test.local', role: 'support', actor: actor(owner) });
    const token = tokenOf(invitation.link);
    const before = await teamState();
    expect(await codeOf(acceptInvitation(database.db, { token, displayName: 'Weak', password: 'short' }))).toBe('VALIDATION_FAILED');
    expect(await codeOf(acceptInvitation(database.db, { token, displayName: '', password: MEMBER_PASSWORD }))).toBe('VALIDATION_FAILED');
    const later = new Date(Date.now() + (INVITATION_TTL_HOURS + 1) * 3_600_000);
    expect(await codeOf(acceptInvitation(database.db, { token, displayName: 'Late', password: MEMBER_PASSWORD, ip: null, now: later }))).toBe('INVITATION_INVALID');
    expect(await codeOf(acceptInvitation(database.db, { token: 'x'.repeat(43), displayName: 'Guess', password: MEMBER_PASSWORD }))).toBe('INVITATION_INVALID');
    expect(await teamState()).toEqual(before);

    await revokeInvitation(database.db, { invitationId: invitation.invitationId, actor: actor(owner) });
    expect(await codeOf(acceptInvitation(database.db, { token, displayName: 'Revoked', password: MEMBER_PASSWORD }))).toBe('INVITATION_INVALID');
    expect(await codeOf(revokeInvitation(database.db, { invitationId: invitation.invitationId, actor: actor(owner) }))).toBe('CONFLICT');
  });

  it('only an owner invites: a finance member and a removed owner are FORBIDDEN', async () => {
    const { owner } = await merchantWithOwner(database.db);
    const finance = await teamMember(database.db, owner, 'finance');
    expect(await codeOf(inviteMerchantUser(database.db, { email: 'x@test.local', role: 'support', actor: actor(finance) }))).toBe('FORBIDDEN');
    const other = await teamMember(database.db, owner, 'owner');
    await removeMerchantUser(database.db, { userId: other.userId }, actor(owner));
    expect(await codeOf(inviteMerchantUser(database.db, { email: 'y@test.local', role: 'support', actor: actor(other) }))).toBe('FORBIDDEN');
  });

  it('two accepts of one link at once: exactly one user is made, the other gets INVITATION_INVALID', async () => {
    const { owner } = await merchantWithOwner(database.db);
    for (let round = 0; round < 3; round += 1) {
      const email = `race-${round}@test.local`;
      const invitation = await inviteMerchantUser(database.db, { email, role: 'support', actor: actor(owner) });
      const token = tokenOf(invitation.link);
      const results = await Promise.allSettled([
        acceptInvitation(database.db, { token, displayName: 'Racer A', password: MEMBER_PASSWORD }),
        acceptInvitation(database.db, { token, displayName: 'Racer B', password: 'another long password' }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected');
      expect((refused?.reason as { code?: string }).code).toBe('INVITATION_INVALID');
      const [made] = await database.db.select({ n: count() }).from(users).where(eq(users.email, email));
      expect(made?.n).toBe(1);
      const [accepts] = await database.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, 'merchant_team.invitation_accepted'), sql`${auditLog.details}->>'invitationId' = ${invitation.invitationId}`));
      expect(accepts?.n).toBe(1);
    }
  });
});

describe('the last owner', () => {
  it('cannot be removed or demoted; with a second owner, either can go', async () => {
    const { owner } = await merchantWithOwner(database.db);
    const before = await teamState();
    expect(await codeOf(removeMerchantUser(database.db, { userId: owner.userId }, actor(owner)))).toBe('LAST_OWNER');
    expect(await codeOf(changeMerchantRole(database.db, { userId: owner.userId, role: 'developer' }, actor(owner)))).toBe('LAST_OWNER');
    expect(await teamState()).toEqual(before);

    const second = await teamMember(database.db, owner, 'owner');
    expect(await changeMerchantRole(database.db, { userId: owner.userId, role: 'developer' }, actor(second))).toEqual({ userId: owner.userId, role: 'developer', changed: true });
    expect(await codeOf(removeMerchantUser(database.db, { userId: second.userId }, actor(second)))).toBe('LAST_OWNER');
  });

  it('two owners demoting each other at once: exactly one wins, one owner remains', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { owner } = await merchantWithOwner(database.db);
      const second = await teamMember(database.db, owner, 'owner');
      const results = await Promise.allSettled([
        changeMerchantRole(database.db, { userId: second.userId, role: 'support' }, actor(owner)),
        removeMerchantUser(database.db, { userId: owner.userId }, actor(second)),
      ]);
      const codes = results.map((r) => (r.status === 'fulfilled' ? 'OK' : (r.reason as { code?: string }).code));
      // The loser either finds no other owner (LAST_OWNER) or is no longer an owner itself (FORBIDDEN).
      expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
      expect(['FORBIDDEN', 'LAST_OWNER']).toContain(codes.find((code) => code !== 'OK'));
      const owners = await database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.merchantId, owner.merchantId), eq(users.merchantRole, 'owner'), eq(users.status, 'active')));
      expect(owners).toHaveLength(1);
    }
  });
});

describe('removal and role changes', () => {
  it('removing a member ends their sessions at once and they cannot sign in again; the team page marks them removed', async () => {
    const { owner } = await merchantWithOwner(database.db);
    const support = await teamMember(database.db, owner, 'support', 'Sam Support');
    const session = merchantSession(support, false);
    expect(await checkedSessionUser(database.db, session)).toMatchObject({ id: support.userId, merchantId: owner.merchantId, merchantRole: 'support' });
    await removeMerchantUser(database.db, { userId: support.userId }, actor(owner));
    expect(await checkedSessionUser(database.db, session)).toBeNull();
    expect(await checkedSessionUser(database.db, { ...session, sessionVersion: 2 })).toBeNull();
    expect(await codeOf(signInWithPassword(database.db, { input: { email: support.email, password: MEMBER_PASSWORD, ip: '203.0.113.11' } }))).toBe('INVALID_CREDENTIALS');
    const team = await listMerchantTeam(database.db, { merchantId: owner.merchantId });
    expect(team.users.find((u) => u.userId === support.userId)).toMatchObject({ name: 'Sam Support', status: 'removed' });
    expect(JSON.stringify(team)).not.toMatch(/argon2|passwordHash|totpSecret/);
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'merchant_team.user_removed'), eq(auditLog.targetId, support.userId)));
    expect(audit).toMatchObject({ actorType: 'merchant', actorId: owner.userId, ip: '203.0.113.9' });
    expect(await codeOf(removeMerchantUser(database.db, { userId: support.userId }, actor(owner)))).toBe('CONFLICT');
  });

  it("suspending the merchant ends every team member's sessions and refuses their sign-in; reactivating does not revive the old sessions", async () => {
    const { owner } = await merchantWithOwner(database.db);
    const finance = await teamMember(database.db, owner, 'finance');
    const { owner: bystander } = await merchantWithOwner(database.db);
    const sessions = [merchantSession(owner, true), merchantSession(finance, false)];
    for (const session of sessions) expect(await checkedSessionUser(database.db, session)).not.toBeNull();

    await updateMerchantSettings(database.db, { merchantId: owner.merchantId, status: 'suspended', actor: cliActor });
    for (const session of sessions) expect(await checkedSessionUser(database.db, session)).toBeNull();
    // Even a session at the new version is refused while the merchant is suspended.
    expect(await checkedSessionUser(database.db, { ...merchantSession(finance, false), sessionVersion: 2 })).toBeNull();
    expect(await codeOf(signInWithPassword(database.db, { input: { email: finance.email, password: MEMBER_PASSWORD, ip: '203.0.113.12' } }))).toBe('INVALID_CREDENTIALS');
    // Another merchant's team is untouched.
    expect(await checkedSessionUser(database.db, merchantSession(bystander, true))).not.toBeNull();

    await updateMerchantSettings(database.db, { merchantId: owner.merchantId, status: 'active', actor: cliActor });
    for (const session of sessions) expect(await checkedSessionUser(database.db, session)).toBeNull();
    expect(await signInWithPassword(database.db, { input: { email: finance.email, password: MEMBER_PASSWORD, ip: '203.0.113.12' } })).toMatchObject({ userId: finance.userId });
    // A change that is not of the status leaves sessions alone.
    const [current] = await database.db.select({ version: users.sessionVersion }).from(users).where(eq(users.id, finance.userId));
    await updateMerchantSettings(database.db, { merchantId: owner.merchantId, payoutFeeBps: 25, actor: cliActor });
    expect(await checkedSessionUser(database.db, { ...merchantSession(finance, false), sessionVersion: current!.version })).not.toBeNull();
  });

  it("a role change applies at the member's next request, without ending the session", async () => {
    const { owner } = await merchantWithOwner(database.db);
    const finance = await teamMember(database.db, owner, 'finance');
    await changeMerchantRole(database.db, { userId: finance.userId, role: 'support' }, actor(owner));
    expect(await checkedSessionUser(database.db, merchantSession(finance, false))).toMatchObject({ merchantRole: 'support' });
    expect(await changeMerchantRole(database.db, { userId: finance.userId, role: 'support' }, actor(owner))).toMatchObject({ changed: false });
  });

  it("another merchant's user, an operator's id and an unknown id are NOT_FOUND, and nothing changes", async () => {
    const { owner } = await merchantWithOwner(database.db);
    const { owner: otherOwner } = await merchantWithOwner(database.db);
    const stranger = await teamMember(database.db, otherOwner, 'support');
    const foreign = await inviteMerchantUser(database.db, { email: 'foreign@test.local', role: 'support', actor: actor(otherOwner) });
    const before = await teamState();
    expect(await codeOf(removeMerchantUser(database.db, { userId: stranger.userId }, actor(owner)))).toBe('NOT_FOUND');
    expect(await codeOf(changeMerchantRole(database.db, { userId: stranger.userId, role: 'owner' }, actor(owner)))).toBe('NOT_FOUND');
    expect(await codeOf(changeMerchantRole(database.db, { userId: '00000000-0000-4000-8000-000000000000', role: 'owner' }, actor(owner)))).toBe('NOT_FOUND');
    expect(await codeOf(revokeInvitation(database.db, { invitationId: foreign.invitationId, actor: actor(owner) }))).toBe('NOT_FOUND');
    // An actor claiming another merchant's id is not an owner there.
    expect(await codeOf(removeMerchantUser(database.db, { userId: stranger.userId }, { merchantId: otherOwner.merchantId, userId: owner.userId }))).toBe('FORBIDDEN');
    expect(await teamState()).toEqual(before);
  });
});
