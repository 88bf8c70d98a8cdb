import { describe, expect, it } from 'vitest';
import { readPoolUrl } from './read-url';

describe('readPoolUrl', () => {
  it('asks a multi-host URL for a standby first', () => {
    expect(readPoolUrl('postgres://corridor@a.db:5432,b.db:5432/corridor')).toBe('postgres://corridor@a.db:5432,b.db:5432/corridor?target_session_attrs=prefer-standby');
    expect(readPoolUrl('postgres://corridor@a.db,b.db/corridor?sslmode=require')).toBe('postgres://corridor@a.db,b.db/corridor?sslmode=require&target_session_attrs=prefer-standby');
  });

  it("keeps the URL's own choice", () => {
    const url = 'postgres://corridor@a.db:5432,b.db:5432/corridor?sslmode=require&target_session_attrs=standby';
    expect(readPoolUrl(url)).toBe(url);
  });
});
