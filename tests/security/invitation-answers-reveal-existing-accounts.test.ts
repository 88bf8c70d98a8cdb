/**
 * Attack: a merchant owner (anyone who can open a merchant account) learns which emails have a
 * Corridor account by inviting them: an operator's, a trader's or another merchant's user's email
 * used to answer 409 "already has a Corridor account", a fresh one an invitation link.
 *
 * Rule: inviting answers the same way for every well-formed email: an invitation is made, with its
 * link, and the team lists it as pending. Acceptance decides: a link for an email that already
 * signs in to Corridor cannot make a second account (CONFLICT, the link stays pending, nothing else
 * changes), and a link for a new email makes the user as before.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { isDomainError } from '../../server/errors';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { MEMBER_PASSWORD, merchantWithOwner, teamMember, tokenOf, type TestMember } from '../fixtures/merchant-team';
import { refusalCode } from '../trpc/refusal-code';
import { callerAs, merchantSession, signedInOperator, signedInTrader } from '../trpc/trpc-harness';

let database: TestDatabase;
let owner: TestMember;
let existing: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ owner } = await merchantWithOwner(database.db));
  const operator = await signedInOperator(database.db);
  const trader = await signedInTrader(database.db);
  const { owner: otherOwner } = await merchantWithOwner(database.db);
  const otherMember = await teamMember(database.db, otherOwner, 'support');
  const [traderUser] = rowsOf<{ email: string }>(await database.db.execute(sql`select email from users where id = ${trader.userId}`));
  existing = {
    "an operator's": operator.email,
    "a trader's": traderUser!.email,
    "another merchant's owner's": otherOwner.email,
    "another merchant's member's": otherMember.email,
    "this team's own owner's": owner.email,
  };
});
afterAll(async () => {
  await database.close();
});

const ownerCaller = () => callerAs(database.db, merchantSession(owner));

/** What the owner sees of an invitation: everything but the values that differ every time. */
async function inviteAnswer(email: string) {
  try {
    const invitation = await ownerCaller().merchantTeam.invite({ email, role: 'support' });
    return { outcome: 'invited', email: invitation.email, role: invitation.role, link: /\/merchant\/invitation\/[\w-]{43}$/.test(invitation.link), replaced: invitation.replaced };
  } catch (error) {
    return { outcome: 'refused', code: isDomainError(error) ? error.code : (error as { code?: string }).code, message: (error as Error).message };
  }
}

async function state() {
  const [row] = rowsOf<Record<string, string>>(
    await database.db.execute(sql`
      select (select count(*) from users)::text as users,
             (select count(*) from audit_log)::text as audit,
             (select string_agg(email || ':' || (accepted_at is null)::text || ':' || (revoked_at is null)::text, ',' order by created_at, id) from merchant_invitations) as invitations`),
  );
  return row;
}

describe("a merchant owner invites other people's emails to learn which have Corridor accounts", () => {
  it('every address gets the same answer: an invitation with its link, pending on the team page', async () => {
    const fresh = await inviteAnswer('nobody-yet@test.local');
    expect(fresh).toEqual({ outcome: 'invited', email: 'nobody-yet@test.local', role: 'support', link: true, replaced: [] });
    for (const [whose, email] of Object.entries(existing)) {
      expect(await inviteAnswer(email), `${whose} email`).toEqual({ ...fresh, email });
    }
    const team = await ownerCaller().merchantTeam.list({});
    expect(team.invitations.map((invitation) => invitation.email).sort()).toEqual(['nobody-yet@test.local', ...Object.values(existing)].sort());
  });

  it('accepting a link for an email that already signs in is refused with CONFLICT and changes nothing; a new email joins', async () => {
    const anonymous = callerAs(database.db, null);
    const taken = await ownerCaller().merchantTeam.invite({ email: existing["a trader's"]!, role: 'finance' });
    const before = await state();
    expect(await refusalCode(anonymous.merchantInvitation.accept({ token: tokenOf(taken.link), displayName: 'Second Account', password: MEMBER_PASSWORD }))).toBe('CONFLICT');
    expect(await state()).toEqual(before);

    const fresh = await ownerCaller().merchantTeam.invite({ email: 'joins@test.local', role: 'finance' });
    await expect(anonymous.merchantInvitation.accept({ token: tokenOf(fresh.link), displayName: 'New Member', password: MEMBER_PASSWORD })).resolves.toEqual({
      email: 'joins@test.local',
      role: 'finance',
    });
  });
});
