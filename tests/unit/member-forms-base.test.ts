// Where the /my forms post and the passkey script calls come from the API's one prefix (API_PREFIX of
// lib/shared/constants.ts), not from paths written out beside it: moved, the prefix moves them all.
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/shared/constants', async (original) => ({
  ...(await original<typeof import('../../src/lib/shared/constants')>()),
  API_PREFIX: '/api/v2',
}));

describe('MEMBER_FORMS and MEMBER_PASSKEY_CALLS', () => {
  it('are under API_PREFIX', async () => {
    const { MEMBER_FORMS, MEMBER_PASSKEY_CALLS } = await import('../../src/lib/shared/members/api');
    const paths = [
      ...Object.values(MEMBER_FORMS).map((p) => (typeof p === 'function' ? p(7) : p)),
      ...Object.values(MEMBER_PASSKEY_CALLS),
    ];
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) expect(path).toMatch(/^\/api\/v2\/members\//);
    expect(MEMBER_FORMS.person(7)).toBe('/api/v2/members/me/household/people/7/');
  });
});
