import { describe, expect, it } from 'vitest';
import { isDebugMode } from '../../src/server/config';

describe('debug mode', () => {
  it("is on for 'true' and '1' (any case, trimmed), off for 'false' and '0'", () => {
    expect(isDebugMode({ PUBLIC_DEBUG: 'true' })).toBe(true);
    expect(isDebugMode({ PUBLIC_DEBUG: '1' })).toBe(true);
    expect(isDebugMode({ PUBLIC_DEBUG: 'TRUE ' })).toBe(true);
    expect(isDebugMode({ PUBLIC_DEBUG: 'false' })).toBe(false);
    expect(isDebugMode({ PUBLIC_DEBUG: '0' })).toBe(false);
  });
});
