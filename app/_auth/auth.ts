import NextAuth, { CredentialsSignin, type Session } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { cache } from 'react';
import { getDatabase } from '../../db';
import { signInWithPassword } from '../../server/auth/sign-in';
import { authSecret } from '../../server/config/auth-secret';
import { isDomainError } from '../../server/errors';
import { totpEnrolledOf } from '../../server/auth/totp-enrolment';
import { env } from '../../config/env';
import { sessionCookies } from './session-cookies';
import { clientAddressOf } from '../../server/http/client-address';
import { checkedSessionUser, type SessionClaims, type SessionUser } from './session-user';

/** A refused sign-in: `code` is the domain code and its message, for the sign-in page to show. */
class SignInRefused extends CredentialsSignin {
  constructor(code: string, message: string) {
    super(message);
    this.code = `${code}|${message}`;
  }
}

/**
 * Auth.js v5: email + password (+ TOTP), JWT sessions in HttpOnly cookies (`__Secure-`/`__Host-`
 * prefixed and Secure when served over https). The session carries the role, for traders their
 * trader id, and the session version it was signed in at; `auth()` below checks it against the
 * database on every call (docs/security.md).
 */
const nextAuth = NextAuth({
  secret: authSecret(),
  trustHost: true,
  session: { strategy: 'jwt', maxAge: 12 * 60 * 60 },
  cookies: sessionCookies(env().PUBLIC_BASE_URL),
  pages: { signIn: '/sign-in' },
  providers: [
    Credentials({
      credentials: { email: {}, password: {}, totp: {} },
      async authorize(credentials, request) {
        const { db } = await getDatabase();
        try {
          const user = await signInWithPassword(db, {
            input: {
              email: String(credentials.email ?? ''),
              password: String(credentials.password ?? ''),
              totp: credentials.totp ? String(credentials.totp) : null,
              ip: clientAddressOf(request.headers),
            },
          });
          return {
            id: user.userId,
            email: user.email,
            name: user.displayName,
            role: user.role,
            traderId: user.traderId,
            totpEnrolled: user.totpEnrolled,
            sessionVersion: user.sessionVersion,
          };
        } catch (error) {
          if (isDomainError(error)) throw new SignInRefused(error.code, error.message);
          throw error;
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user, trigger }) {
      if (user) {
        const signedIn = user as { role?: string; traderId?: string | null; totpEnrolled?: boolean; sessionVersion?: number };
        token.role = signedIn.role;
        token.traderId = signedIn.traderId ?? null;
        token.totpEnrolled = signedIn.totpEnrolled ?? false;
        token.sessionVersion = signedIn.sessionVersion;
      }
      // After enrolling a second factor the page asks for a session update so the console opens.
      // The client's update payload is never trusted: the enrolment is read back from the database.
      // The session version is never refreshed here: a session that has ended stays ended.
      if (trigger === 'update' && token.sub) token.totpEnrolled = await totpEnrolledOf((await getDatabase()).db, token.sub);
      return token;
    },
    session({ session, token }) {
      return {
        ...session,
        user: {
          ...session.user,
          id: token.sub ?? '',
          role: token.role as string,
          traderId: (token.traderId as string | null) ?? null,
          totpEnrolled: Boolean(token.totpEnrolled),
          sessionVersion: token.sessionVersion,
        },
      };
    },
  },
});

export const { handlers, signIn, signOut } = nextAuth;

/** What the session cookie says, unchecked: only for checkedSessionUser. */
export async function sessionClaims(): Promise<SessionClaims | null> {
  const session = await nextAuth.auth();
  return (session?.user as SessionClaims | undefined) ?? null;
}

/**
 * The session of this request, or null when there is none or it has ended (user or trader
 * suspended, password changed or reset, signed out everywhere). Every page, server action and
 * route reads the session through this, never through Auth.js directly. One check per rendered
 * request (React's cache), however many layouts and pages ask.
 */
export const auth = cache(async (): Promise<(Session & { user: SessionUser }) | null> => {
  const session = await nextAuth.auth();
  if (!session) return null;
  const user = await checkedSessionUser((await getDatabase()).db, session.user as SessionClaims | undefined);
  return user ? { ...session, user: { ...session.user, ...user } } : null;
});
