import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_COUNTRY, findCountry, searchCountries } from '../../src/lib/shared/countries';

describe('countries', () => {
  it('has the 30 countries of the spec with their dial codes, Ghana by default', () => {
    expect(COUNTRIES).toHaveLength(30);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(30);
    expect(DEFAULT_COUNTRY).toMatchObject({ code: 'GH', name: 'Ghana', dialCode: '+233' });
    expect(findCountry('fi')?.dialCode).toBe('+358');
    expect(findCountry('CA')?.dialCode).toBe('+1');
    expect(findCountry('XX')).toBeUndefined();
    for (const c of COUNTRIES) {
      expect(c.dialCode).toMatch(/^\+\d{1,3}$/);
      // A flag is the two regional-indicator letters of the code.
      expect([...c.flag].map((ch) => String.fromCharCode(ch.codePointAt(0)! - 0x1f1e6 + 65)).join('')).toBe(c.code);
    }
  });

  it('searches name, dial code and code, case-insensitively', () => {
    expect(searchCountries('ghana').map((c) => c.code)).toEqual(['GH']);
    expect(searchCountries('GHA').map((c) => c.code)).toEqual(['GH']);
    expect(searchCountries('+233').map((c) => c.code)).toEqual(['GH']);
    expect(searchCountries('233').map((c) => c.code)).toEqual(['GH']);
    expect(searchCountries('+1').map((c) => c.code)).toEqual(['US', 'CA']);
    expect(searchCountries('kr').map((c) => c.code)).toEqual(['KR']);
    expect(searchCountries('  united ').map((c) => c.code)).toEqual(['US', 'GB']);
  });

  it('lists everything for a blank query and nothing for a miss', () => {
    expect(searchCountries('')).toHaveLength(30);
    expect(searchCountries(null)).toHaveLength(30);
    expect(searchCountries('zzz')).toEqual([]);
    expect(searchCountries('.*(')).toEqual([]);
  });
});
