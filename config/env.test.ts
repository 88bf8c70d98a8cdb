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

  it('is production mode with PostgreSQL whatever NODE_ENV says, unless the demo is asked for', () => {
    const base = { DATABASE_URL: 'postgres://db/corridor' };
    for (const NODE_ENV of [undefined, 'development', 'production']) {
      expect(parseEnv({ ...base, NODE_ENV })).toMatchObject({ mode: 'production', demo: false, production: true, webhookAllowPrivate: false });
    }
    expect(parseEnv({ ...base, CORRIDOR_MODE: 'demo' })).toMatchObject({ mode: 'demo', demo: true, production: false, webhookAllowPrivate: true });
  });

  it('is production mode on the embedded database only when asked', () => {
    expect(parseEnv({ NODE_ENV: 'production' })).toMatchObject({ mode: 'demo', production: false });
    expect(parseEnv({ CORRIDOR_MODE: 'production' })).toMatchObject({ mode: 'production', production: true });
    expect(() => parseEnv({ CORRIDOR_MODE: 'staging' })).toThrow(/CORRIDOR_MODE/);
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

  it('takes a read pool only beside PostgreSQL, sized like the main pool unless told', () => {
    const url = 'postgres://db-a,db-b/corridor';
    const config = parseEnv({ DATABASE_URL: url, DATABASE_READ_URL: url });
    expect(config).toMatchObject({ DATABASE_READ_URL: url, DATABASE_POOL_SIZE: 10 });
    expect(config.DATABASE_READ_POOL_SIZE).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: url, DATABASE_READ_URL: url, DATABASE_READ_POOL_SIZE: '3' }).DATABASE_READ_POOL_SIZE).toBe(3);
    expect(parseEnv({ DATABASE_URL: url, DATABASE_READ_URL: '' }).DATABASE_READ_URL).toBeUndefined();
    expect(() => parseEnv({ DATABASE_READ_URL: url })).toThrow(/DATABASE_READ_URL: needs DATABASE_URL/);
  });
});
