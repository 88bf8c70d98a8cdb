import { describe, expect, it } from 'vitest';
import { sessionCookies } from './session-cookies';

describe('the session cookie', () => {
  it('over https is __Host-authjs.session-token: Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain, so no subdomain can plant or overwrite it', () => {
    const { sessionToken } = sessionCookies('https://pay.example.com');
    expect(sessionToken.name).toBe('__Host-authjs.session-token');
    expect(sessionToken.options).toEqual({ httpOnly: true, sameSite: 'lax', path: '/', secure: true });
    expect(sessionToken.options).not.toHaveProperty('domain');
  });

  it('over plain http (a local start) has no prefix, which browsers would refuse without Secure', () => {
    const { sessionToken } = sessionCookies('http://localhost:3000');
    expect(sessionToken.name).toBe('authjs.session-token');
    expect(sessionToken.options).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/', secure: false });
  });
});
