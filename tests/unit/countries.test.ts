import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_COUNTRY, findCountry, searchCountries } from '../../src/lib/shared/countries';

const codes = (list: readonly { code: string }[]) => list.map((c) => c.code);

describe('countries', () => {
  it('lists every country with a calling code, once, Ghana by default', () => {
    expect(COUNTRIES.length).toBeGreaterThan(230);
    expect(new Set(codes(COUNTRIES)).size).toBe(COUNTRIES.length);
    expect(DEFAULT_COUNTRY).toMatchObject({ code: 'GH', name: 'Ghana', dialCode: '+233' });
    expect(findCountry('fi')?.dialCode).toBe('+358');
    expect(findCountry('CA')?.dialCode).toBe('+1');
    expect(findCountry('XX')).toBeUndefined();
    for (const c of COUNTRIES) {
      expect(c.dialCode).toMatch(/^\+[1-9]\d{0,3}$/);
      // A flag is the two regional-indicator letters of the code.
      expect([...c.flag].map((ch) => String.fromCharCode(ch.codePointAt(0)! - 0x1f1e6 + 65)).join('')).toBe(c.code);
    }
  });

  it('puts Ghana, then its West African neighbours, first and the rest by name', () => {
    expect(codes(COUNTRIES.slice(0, 5))).toEqual(['GH', 'CI', 'TG', 'BF', 'NG']);
    expect(findCountry('CI')).toMatchObject({ name: "Côte d'Ivoire", dialCode: '+225' });
    expect(findCountry('TG')?.dialCode).toBe('+228');
    expect(findCountry('BF')?.dialCode).toBe('+226');
    const region = COUNTRIES.findIndex((c) => c.code === 'AF');
    expect(codes(COUNTRIES.slice(0, region))).toEqual(
      expect.arrayContaining(['BJ', 'NE', 'ML', 'SN', 'GM', 'GN', 'GW', 'SL', 'LR', 'CV']),
    );
    const rest = COUNTRIES.slice(region).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('searches name, dial code and code, case- and accent-insensitively', () => {
    expect(codes(searchCountries('ghana'))).toEqual(['GH']);
    expect(codes(searchCountries('GHANA'))).toEqual(['GH']);
    expect(codes(searchCountries('+233'))).toEqual(['GH']);
    expect(codes(searchCountries('233'))).toEqual(['GH']);
    expect(codes(searchCountries('cote'))).toEqual(['CI']);
    expect(codes(searchCountries('togo'))).toEqual(['TG']);
    expect(codes(searchCountries('+44'))).toEqual(expect.arrayContaining(['GB']));
    expect(codes(searchCountries('  united k'))).toEqual(['GB']);
  });

  it('lists everything for a blank query and nothing for a miss', () => {
    expect(searchCountries('')).toHaveLength(COUNTRIES.length);
    expect(searchCountries(null)).toHaveLength(COUNTRIES.length);
    expect(searchCountries('zzz')).toEqual([]);
    expect(searchCountries('.*(')).toEqual([]);
  });
});
