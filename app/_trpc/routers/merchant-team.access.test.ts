import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { totpQrCode } from '../../../server/auth/totp-qr-code';
import { inviteMerchantUser } from '../../../server/merchant-team/invite-merchant-user';
import { removeMerchantUser } from '../../../server/merchant-team/remove-merchant-user';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { merchantWithOwner, teamMember, tokenOf, type TestMember } from '../../../tests/fixtures/merchant-team';
import { merchantWithBalance } from '../../../tests/fixtures/parties';
import { refusalCode, refusalsOf, refusedAll } from '../../../tests/trpc/refusal-code';
import { callerAs, merchantSession, signedInOperator, signedInTrader } from '../../../tests/trpc/trpc-harness';
import { appRouter } from '../root';

type Caller = ReturnType<typeof callerAs>;

let database: TestDatabase;
let owner: TestMember;
let developer: TestMember;
let finance: TestMember;
let support: TestMember;
/** Of another merchant: their user and invitation are what an intruder aims at. */
let otherOwner: TestMember;
let otherMember: TestMember;
let otherInvitationId: string;
/** The owner's own pending invitation and a member to act on, for the calls that would work. */
let ownInvitationId: string;
let target: TestMember;
let calls: Record<string, (caller: Caller) => Promise<unknown>>;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  ({ owner } = await merchantWithOwner(db));
  developer = await teamMember(db, owner, 'developer');
  finance = await teamMember(db, owner, 'finance');
  support = await teamMember(db, owner, 'support');
  target = await teamMember(db, owner, 'support', 'Tess Target');
  ownInvitationId = (await inviteMerchantUser(db, { email: 'pending@test.local', role: 'finance', actor: { merchantId: owner.merchantId, userId: owner.userId } })).invitationId;
  ({ owner: otherOwner } = await merchantWithOwner(db));
  otherMember = await teamMember(db, otherOwner, 'support');
  otherInvitationId = (await inviteMerchantUser(db, { email: 'other-pending@test.local', role: 'support', actor: { merchantId: otherOwner.merchantId, userId: otherOwner.userId } })).invitationId;

  // Every merchant-session procedure, with input that would work for the owner.
  calls = {
    'merchantAccount.enrolment.start': (c) => c.merchantAccount.enrolment.start({}),
    'merchantAccount.enrolment.confirm': (c) => c.merchantAccount.enrolment.confirm({ code: '123456' }),
    'merchantTeam.list': (c) => c.merchantTeam.list({}),
    'merchantTeam.invite': (c) => c.merchantTeam.invite({ email: 'intruder@test.local', role: 'owner' }),
    'merchantTeam.revokeInvitation': (c) => c.merchantTeam.revokeInvitation({ invitationId: ownInvitationId }),
    'merchantTeam.changeRole': (c) => c.merchantTeam.changeRole({ userId: target.userId, role: 'owner' }),
    'merchantTeam.remove': (c) => c.merchantTeam.remove({ userId: target.userId }),
  };
});
afterAll(async () => {
  await database.close();
});

/** What any merchant procedure could change, as one comparable value. */
async function state() {
  const [row] = rowsOf<Record<string, string>>(
    await database.db.execute(sql`
      select (select count(*) from audit_log)::text as audit,
             (select string_agg(id || ':' || coalesce(merchant_role, '-') || ':' || status || ':' || session_version || ':' || coalesce(totp_secret, '-'), ',' order by id) from users) as users,
             (select string_agg(id || ':' || coalesce(accepted_at::text, '-') || ':' || coalesce(revoked_at::text, '-'), ',' order by id) from merchant_invitations) as invitations`),
  );
  return row;
}

const as = (member: TestMember, totpEnrolled = true) => callerAs(database.db, merchantSession(member, totpEnrolled));

const everyCall = (caller: Caller, skip: (name: string) => boolean = () => false) => refusalsOf(calls, caller, (name) => !skip(name));
const all = refusedAll;
const enrolment = (name: string) => name.startsWith('merchantAccount.enrolment.');

describe('merchant procedures refuse everyone but a merchant user whose role allows them', () => {
  it('covers every procedure of the merchant routers', () => {
    const procedures = Object.keys(appRouter._def.procedures).filter((name) => name.startsWith('merchantTeam.') || name.startsWith('merchantAccount.'));
    expect(Object.keys(calls).sort()).toEqual(procedures.sort());
  });

  it('no session: UNAUTHENTICATED (401), nothing changed', async () => {
    const before = await state();
    expect(await everyCall(callerAs(database.db, null))).toEqual(all(Object.keys(calls), 'UNAUTHENTICATED'));
    expect(await state()).toEqual(before);
  });

  it('a trader and an operator: FORBIDDEN (403), nothing changed', async () => {
    const trader = await signedInTrader(database.db);
    const operator = await signedInOperator(database.db);
    const before = await state();
    expect(await everyCall(trader.caller)).toEqual(all(Object.keys(calls), 'FORBIDDEN'));
    expect(await everyCall(operator.caller)).toEqual(all(Object.keys(calls), 'FORBIDDEN'));
    expect(await state()).toEqual(before);
  });

  it('developer, finance and support: FORBIDDEN on every team change, nothing changed; they may read the team', async () => {
    const before = await state();
    const changes = Object.keys(calls).filter((name) => name.startsWith('merchantTeam.') && name !== 'merchantTeam.list');
    for (const member of [developer, finance, support]) {
      expect([member.role, await everyCall(as(member), (name) => !changes.includes(name))]).toEqual([member.role, all(changes, 'FORBIDDEN')]);
      const team = await as(member).merchantTeam.list({});
      expect(team.users.map((u) => u.userId)).toContain(owner.userId);
    }
    expect(await state()).toEqual(before);
  });

  it('an owner or developer without a second factor: TOTP_REQUIRED on everything but the enrolment; support needs none', async () => {
    const before = await state();
    for (const member of [owner, developer]) {
      expect([member.role, await everyCall(as(member, false), enrolment)]).toEqual([member.role, all(Object.keys(calls).filter((name) => !enrolment(name)), 'TOTP_REQUIRED')]);
    }
    expect(await state()).toEqual(before);
    expect((await as(support, false).merchantTeam.list({})).users.length).toBeGreaterThan(0);
  });

  it("another merchant's user and invitation: NOT_FOUND, nothing changed, and their team never shows", async () => {
    const caller = as(owner);
    const before = await state();
    expect(await refusalCode(caller.merchantTeam.remove({ userId: otherMember.userId }))).toBe('NOT_FOUND');
    expect(await refusalCode(caller.merchantTeam.changeRole({ userId: otherMember.userId, role: 'owner' }))).toBe('NOT_FOUND');
    expect(await refusalCode(caller.merchantTeam.changeRole({ userId: otherOwner.userId, role: 'support' }))).toBe('NOT_FOUND');
    expect(await refusalCode(caller.merchantTeam.revokeInvitation({ invitationId: otherInvitationId }))).toBe('NOT_FOUND');
    expect(await state()).toEqual(before);
    const text = JSON.stringify(await caller.merchantTeam.list({}));
    for (const foreign of [otherOwner.userId, otherMember.userId, otherInvitationId, otherMember.email]) expect(text).not.toContain(foreign);
  });

  it('a removed (suspended) user: UNAUTHENTICATED on everything, even at their new session version, nothing changed', async () => {
    const leaver = await teamMember(database.db, owner, 'owner', 'Leo Leaver');
    await removeMerchantUser(database.db, { userId: leaver.userId }, { merchantId: owner.merchantId, userId: owner.userId });
    const before = await state();
    expect(await everyCall(as(leaver))).toEqual(all(Object.keys(calls), 'UNAUTHENTICATED'));
    expect(await everyCall(callerAs(database.db, merchantSession(leaver, true, 2)))).toEqual(all(Object.keys(calls), 'UNAUTHENTICATED'));
    expect(await state()).toEqual(before);
  });

  it('bad input is VALIDATION_FAILED (400), never a 500, and changes nothing', async () => {
    const caller = as(owner);
    const before = await state();
    expect(await refusalCode(caller.merchantTeam.invite({ email: 'not an email', role: 'support' }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantTeam.invite({ email: 'a@test.local', role: 'admin' as never }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantTeam.remove({ userId: 'not-a-uuid' }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantTeam.invite({ email: 'a\u0000b@test.local', role: 'support' }))).toBe('VALIDATION_FAILED');
    expect(await state()).toEqual(before);
  });

  it('the owner can do what the others could not (the inputs above are valid)', async () => {
    const caller = as(owner);
    const invited = await caller.merchantTeam.invite({ email: 'intruder@test.local', role: 'owner' });
    expect(invited.link).toContain('/merchant/invitation/');
    expect(await caller.merchantTeam.revokeInvitation({ invitationId: ownInvitationId })).toEqual({ invitationId: ownInvitationId, revoked: true });
    expect(await caller.merchantTeam.changeRole({ userId: target.userId, role: 'owner' })).toMatchObject({ role: 'owner', changed: true });
    expect(await caller.merchantTeam.remove({ userId: target.userId })).toEqual({ userId: target.userId, removed: true });
    const started = await as(owner, false).merchantAccount.enrolment.start({});
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    // The setup link as a QR code, as operators get it: an SVG of the link made on the server.
    expect(started.qrCode).toBe(await totpQrCode({ otpauthUrl: started.otpauthUrl }));
    const svg = Buffer.from(started.qrCode.split(',')[1]!, 'base64').toString('utf8');
    expect([svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), svg.includes('<path'), svg.includes(started.secret)]).toEqual([true, true, false]);
    expect(await refusalCode(as(owner, false).merchantAccount.enrolment.confirm({ code: '000000' }))).toBe('TOTP_INVALID');
  });
});

describe('the invitation page procedures: the token is the whole grant', () => {
  it('an unknown token is INVITATION_INVALID, a malformed one BAD_REQUEST, and nothing changes', async () => {
    const anyone = callerAs(database.db, null);
    const before = await state();
    expect(await refusalCode(anyone.merchantInvitation.describe({ token: 'A'.repeat(43) }))).toBe('INVITATION_INVALID');
    expect(await refusalCode(anyone.merchantInvitation.accept({ token: 'A'.repeat(43), displayName: 'X', password: 'correct horse battery' }))).toBe('INVITATION_INVALID');
    expect(await refusalCode(anyone.merchantInvitation.accept({ token: 'short', displayName: 'X', password: 'correct horse battery' }))).toBe('BAD_REQUEST');
    expect(await state()).toEqual(before);
  });

  it('a valid link joins the team once, whoever is signed in', async () => {
    const invitation = await inviteMerchantUser(database.db, { email: 'joiner@test.local', role: 'support', actor: { merchantId: owner.merchantId, userId: owner.userId } });
    const token = tokenOf(invitation.link);
    const anyone = callerAs(database.db, null);
    expect(await anyone.merchantInvitation.describe({ token })).toMatchObject({ email: 'joiner@test.local', role: 'support' });
    expect(await anyone.merchantInvitation.accept({ token, displayName: 'Joy Joiner', password: 'correct horse battery' })).toEqual({ email: 'joiner@test.local', role: 'support' });
    expect(await refusalCode(anyone.merchantInvitation.accept({ token, displayName: 'Joy Again', password: 'correct horse battery' }))).toBe('INVITATION_INVALID');
  });
});

describe("operators invite a merchant's first owner from the console", () => {
  it('the link comes back once; the invitation names the operator and the audit log the operator and their address', async () => {
    const merchant = await merchantWithBalance(database.db, '0');
    const operator = await signedInOperator(database.db);
    const invitation = await operator.caller.operator.merchants.createOwner({ merchantId: merchant.merchantId, email: 'boss@test.local' });
    expect(invitation).toMatchObject({ email: 'boss@test.local', role: 'owner', merchantId: merchant.merchantId, merchantName: merchant.name });
    const team = await callerAs(database.db, null).merchantInvitation.describe({ token: tokenOf(invitation.link) });
    expect(team).toMatchObject({ merchantName: merchant.name, role: 'owner' });
    const [row] = rowsOf<{ invited_by: string; actor_type: string; actor_id: string; ip: string }>(
      await database.db.execute(sql`
        select i.invited_by, a.actor_type, a.actor_id, a.ip from merchant_invitations i
        join audit_log a on a.action = 'merchant_team.owner_invited' and a.details->>'invitationId' = i.id::text
        where i.id = ${invitation.invitationId}`),
    );
    expect(row).toEqual({ invited_by: operator.userId, actor_type: 'operator', actor_id: operator.userId, ip: '203.0.113.7' });
    // A merchant that already has an owner: the owners run the team.
    expect(await refusalCode(operator.caller.operator.merchants.createOwner({ merchantId: owner.merchantId, email: 'boss2@test.local' }))).toBe('CONFLICT');
  });
});
