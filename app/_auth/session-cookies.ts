/**
 * The dashboard's session cookie (docs/security.md). Over https it is named `__Host-…`: the
 * browser then accepts it only with Secure, Path=/ and no Domain, so a sibling subdomain can
 * neither set nor overwrite it (a `__Secure-` cookie can still be planted from one). Over plain
 * http (a local start) the prefix would make browsers drop the cookie, so the name is plain.
 */
export function sessionCookies(publicBaseUrl: string) {
  const https = new URL(publicBaseUrl).protocol === 'https:';
  return {
    sessionToken: {
      name: https ? '__Host-authjs.session-token' : 'authjs.session-token',
      options: { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: https },
    },
  };
}
