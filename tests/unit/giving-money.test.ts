// The one rule of a gift's amount (1 to 100,000 cedis, at most two decimals) from cedis text or JSON numbers to
// pesewas, the form's native pattern agreeing with it, and the money formats.
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_INPUT_PATTERN,
  BATCH_TOTAL_LIMITS,
  amountText,
  cedisText,
  formatCedis,
  pesewasOf,
  showCedis,
  toCedis,
  toPesewas,
} from '../../src/lib/shared/giving/money';

const ok = (value: unknown) => toPesewas(value);

describe('toPesewas', () => {
  it('takes cedis as numbers and text, with at most two decimals, from 1 to 100,000', () => {
    expect(ok(1)).toEqual({ ok: true, pesewas: 100 });
    expect(ok('50')).toEqual({ ok: true, pesewas: 5000 });
    expect(ok(50.5)).toEqual({ ok: true, pesewas: 5050 });
    expect(ok('20.05')).toEqual({ ok: true, pesewas: 2005 });
    expect(ok(10.1)).toEqual({ ok: true, pesewas: 1010 });
    expect(ok(' 1,234.50 ')).toEqual({ ok: true, pesewas: 123_450 });
    expect(ok(100_000)).toEqual({ ok: true, pesewas: 10_000_000 });
    expect(ok('100000.00')).toEqual({ ok: true, pesewas: 10_000_000 });
  });
  it('refuses anything else with the one message', () => {
    for (const bad of [
      0,
      0.99,
      -1,
      100_000.01,
      10.555,
      '10.555',
      0.1 + 0.2,
      '1e3',
      1e21,
      NaN,
      Infinity,
      '',
      'ten',
      null,
      undefined,
      true,
      [5],
      '1,2',
      '12,34.5',
    ]) {
      expect(ok(bad), String(bad)).toEqual({
        ok: false,
        message: 'Enter an amount from 1 to 100,000 cedis, with at most two decimals.',
      });
    }
  });
  it('the form pattern takes exactly what the rule takes (without commas)', () => {
    const pattern = new RegExp(`^(?:${AMOUNT_INPUT_PATTERN})$`, 'v');
    for (const text of [
      '1',
      '1.5',
      '20.05',
      '99999.99',
      '100000',
      '100000.0',
      '100000.00',
      '0.99',
      '0',
      '100000.01',
      '100001',
      '1.234',
      '01',
      'x',
    ]) {
      expect(pattern.test(text), text).toBe(toPesewas(text).ok && !text.startsWith('0'));
    }
  });
});

describe('money formats', () => {
  it('writes pesewas as people read them', () => {
    expect(formatCedis(123_450)).toBe('GH₵ 1,234.50');
    expect(formatCedis(5)).toBe('GH₵ 0.05');
    expect(formatCedis(10_000_000)).toBe('GH₵ 100,000.00');
    expect(formatCedis(-2050)).toBe('-GH₵ 20.50');
    expect(cedisText(5050)).toBe('50.50');
    expect(cedisText(5000)).toBe('50');
    expect(toCedis(5050)).toBe(50.5);
    expect(amountText(123_450)).toBe('1,234.50');
    expect(amountText(100)).toBe('1.00');
  });
  it("shows the API's cedis through the same rule, without a floating-point crumb", () => {
    expect(showCedis(1234.5)).toBe('GH₵ 1,234.50');
    expect(showCedis(0.07)).toBe('GH₵ 0.07');
    // 0.1 + 0.2 is 0.30000000000000004: a sum of cedis may carry a crumb, shown as the pesewas it is.
    expect(showCedis(0.1 + 0.2)).toBe('GH₵ 0.30');
    expect(showCedis(0)).toBe('GH₵ 0.00');
    expect(pesewasOf(50.5)).toBe(5050);
    expect(pesewasOf(toCedis(123_457))).toBe(123_457);
  });
});

describe('a batch total', () => {
  it('fits the 32-bit column it is kept in: 10,000,000 cedis at most', () => {
    expect(BATCH_TOTAL_LIMITS.max).toBe(1_000_000_000);
    expect(BATCH_TOTAL_LIMITS.max).toBeLessThanOrEqual(2 ** 31 - 1);
  });
});
