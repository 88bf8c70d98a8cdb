import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { getDatabase } from '../../db';
import { signInWithPassword } from '../../server/auth/sign-in';
import { authSecret } from '../../server/config/auth-secret';
import { isDomainError } from '../../server/errors';
import { totpEnrolledOf } from '../../server/auth/totp-enrolment';
import { env } from '../../server/env';
import { sessionCookies } from './session-cookies';

/** A refused sign-in: `code` is the domain code and its message, for the sign-in page to show. */
class SignInRefused extends CredentialsSignin {
  constructor(code: string, message: string) {
    super(message);
    this.code = `${code}|${message}`;
  }
}

function clientAddress(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || request.headers.get('x-real-ip') || 'local';
}

/**
 * Auth.js v5: email + password (+ TOTP), JWT sessions in HttpOnly cookies (`__Secure-`/`__Host-`
 * prefixed and Secure when served over https). The session carries the role and, for traders,
 * their trader id; every tRPC procedure checks them.
 */
export const { handlers, auth, signIn, signOut } = NextAuth({
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
            email: String(credentials.email ?? ''),
            password: String(credentials.password ?? ''),
            totp: credentials.totp ? String(credentials.totp) : null,
            ip: clientAddress(request),
          });
          return {
            id: user.userId,
            email: user.email,
            name: user.displayName,
            role: user.role,
            traderId: user.traderId,
            totpEnrolled: user.totpEnrolled,
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
        const signedIn = user as { role?: string; traderId?: string | null; totpEnrolled?: boolean };
        token.role = signedIn.role;
        token.traderId = signedIn.traderId ?? null;
        token.totpEnrolled = signedIn.totpEnrolled ?? false;
      }
      // After enrolling a second factor the page asks for a session update so the console opens.
      // The client's update payload is never trusted: the enrolment is read back from the database.
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
        },
      };
    },
  },
});
