import type { MerchantRole } from '../../../db/schema';

/**
 * Every string of the merchant console, in one module so a translation can follow (the console is
 * in English for now; the checkout shows how the app carries two languages). No server imports:
 * client and server components both read it.
 */
export const merchantMessages = {
  consoleLabel: 'Merchant console',
  signedInAs: 'Signed in as',
  changePassword: 'Change password',
  signOut: 'Sign out',
  nav: { overview: 'Overview', team: 'Team' },

  roles: { owner: 'Owner', developer: 'Developer', finance: 'Finance', support: 'Support' } satisfies Record<MerchantRole, string>,
  roleSummaries: {
    owner: 'Everything, and the team: invites people, changes roles, removes users.',
    developer: 'API keys and webhooks.',
    finance: 'Balance, statements and exports.',
    support: 'Reads orders.',
  } satisfies Record<MerchantRole, string>,

  overview: {
    title: 'Overview',
    account: 'Your account',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    roleAllows: 'Your role allows',
    secondFactor: 'Second factor',
    totpOn: 'On: sign-in asks for the code from your authenticator app.',
    totpOffOptional: 'Off. Your role does not need one, but you can set it up.',
    setUpTotp: 'Set up a second factor',
    team: 'Team',
    teamSummary: (members: number, pending: number) =>
      `${members} ${members === 1 ? 'member' : 'members'}, ${pending} pending ${pending === 1 ? 'invitation' : 'invitations'}.`,
    openTeam: 'Open the team page',
  },

  team: {
    title: 'Team',
    lead: 'Everyone who signs in to this merchant console, and the invitations not yet accepted.',
    members: 'Members',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    secondFactor: 'Second factor',
    status: 'Status',
    actions: 'Actions',
    active: 'active',
    removed: 'removed',
    totpOn: 'on',
    totpOff: 'off',
    you: '(you)',
    changeRole: 'Change role',
    roleOf: (name: string) => `Role of ${name}`,
    remove: 'Remove',
    removeOf: (name: string) => `Remove ${name}`,
    confirmRemove: (name: string, email: string) => `Remove ${name} (${email}) from the team? They are signed out at once and can no longer sign in.`,
    confirmRemoveButton: (name: string) => `Yes, remove ${name}`,
    cancel: 'Cancel',
    removedDone: (name: string) => `${name} was removed and signed out.`,
    roleChanged: (name: string, role: string) => `${name} is now ${role}.`,

    pending: 'Pending invitations',
    noPending: 'No pending invitations.',
    invitedBy: 'Invited by',
    expires: 'Expires',
    operator: 'an operator',
    revoke: 'Revoke',
    revokeOf: (email: string) => `Revoke the invitation for ${email}`,
    confirmRevoke: (email: string) => `Revoke the invitation for ${email}? Its link stops working at once.`,
    confirmRevokeButton: (email: string) => `Yes, revoke ${email}`,
    revokedDone: (email: string) => `The invitation for ${email} was revoked.`,

    invite: 'Invite someone',
    inviteEmail: 'Email',
    inviteRole: 'Role',
    inviteButton: 'Create invitation link',
    inviteLinkHeading: (email: string) => `Invitation link for ${email}`,
    noEmailSent: (email: string) =>
      `No email is sent: copy this link and give it to ${email} yourself. It is shown only now, works once, and expires`,
    copyLink: 'Copy link',
    copied: 'Copied',
    loading: 'Loading the team…',
  },

  enrol: {
    title: 'Set up your second factor',
    lead: 'Owners and developers sign in with a code from an authenticator app. Add Corridor to yours with the key below, then enter the 6-digit code it shows.',
    leadOptional: 'Sign in with a code from an authenticator app as well as your password. Add Corridor to yours with the key below, then enter the 6-digit code it shows.',
    making: 'Making your key…',
    step1: '1. Add the key to your app',
    step1Text: 'In your authenticator app choose “enter a setup key” and type or paste this key (time-based, 6 digits, 30 seconds):',
    setupKey: 'Setup key',
    copyKey: 'Copy key',
    copied: 'Copied',
    setupLink: 'Setup link (otpauth)',
    step2: '2. Enter the code',
    code: '6-digit code',
    confirm: 'Confirm and open the console',
    confirming: 'Confirming…',
  },

  invitation: {
    title: 'Join a merchant team',
    invalidTitle: 'This invitation link does not work',
    lead: (merchant: string, role: string) => `You are invited to ${merchant}'s merchant console as ${role}.`,
    email: 'Email',
    expires: 'The link expires',
    name: 'Your name',
    password: 'Password',
    passwordHint: (min: number) => `At least ${min} characters.`,
    repeat: 'Repeat the password',
    mismatch: 'The two passwords are not the same.',
    join: 'Join the team',
    joining: 'Joining…',
    joined: (email: string) => `Your account is ready. Sign in as ${email}.`,
    totpNext: 'After signing in, owners and developers set up a second factor first.',
    signIn: 'Sign in',
    loading: 'Checking the link…',
  },
};

export type MerchantMessages = typeof merchantMessages;
