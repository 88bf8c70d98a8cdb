import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('configuration', () => {
  it('defaults to the embedded database in demo mode', () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DIR).toBe('.data/pglite');
    expect(env.PORT).toBe(3000);
    expect(env.demo).toBe(true);
    expect(env.production).toBe(false);
  });

  it('is production mode with PostgreSQL and NODE_ENV=production, unless the demo is asked for', () => {
    const base = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/corridor' };
    expect(parseEnv(base)).toMatchObject({ demo: false, production: true });
    expect(parseEnv({ ...base, CORRIDOR_DEMO: '1' })).toMatchObject({ demo: true, production: false });
  });

  it('treats blank variables as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', CORRIDOR_ENCRYPTION_KEYS: '' })).toMatchObject({ DATABASE_URL: undefined, demo: true });
  });

  it('names every invalid variable', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_BASE_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
    expect(() => parseEnv({ PUBLIC_BASE_URL: 'not a url' })).toThrow(/PUBLIC_BASE_URL/);
  });
});
