import { describe, expect, it } from 'vitest';
import { validateField } from '../../src/lib/shared/validation';
import { EMAIL_PATTERN, PHONE_PATTERN, prayerRequestSchema, registrationSchema } from '../../src/lib/shared/schemas';
import { prayerFieldRules, registrationFieldRules } from '../../src/lib/shared/visitors/rules';
import { contactFieldRules } from '../../src/lib/shared/messages';
import { htmlPattern } from '../../src/islands/ui/native-constraints';

describe('validateField', () => {
  it('passes anything when there are no rules', () => {
    expect(validateField('', undefined)).toBeNull();
    expect(validateField('x', {})).toBeNull();
  });

  it('required: label, else field name, for empty or whitespace', () => {
    expect(validateField('', { required: true }, { label: 'Full Name', name: 'name' })).toBe('Full Name is required');
    expect(validateField('   \t', { required: true }, { name: 'subject' })).toBe('subject is required');
    expect(validateField(null, { required: true }, { label: 'Email' })).toBe('Email is required');
    expect(validateField(undefined, { required: true }, {})).toBe('This field is required');
    expect(validateField('a', { required: true }, { label: 'X' })).toBeNull();
  });

  it('minLength and maxLength with the spec texts', () => {
    expect(validateField('a', { minLength: 2 })).toBe('Minimum 2 characters required');
    expect(validateField('ab', { minLength: 2 })).toBeNull();
    expect(validateField('x'.repeat(1001), { maxLength: 1000 })).toBe('Maximum 1000 characters allowed');
    expect(validateField('x'.repeat(1000), { maxLength: 1000 })).toBeNull();
  });

  it('pattern mismatch wording depends on the field type', () => {
    expect(validateField('nope', { pattern: EMAIL_PATTERN }, { type: 'email' })).toBe(
      'Please enter a valid email address',
    );
    expect(validateField('abc', { pattern: PHONE_PATTERN }, { type: 'tel' })).toBe('Please enter a valid phone number');
    expect(validateField('abc', { pattern: PHONE_PATTERN }, { type: 'phone' })).toBe(
      'Please enter a valid phone number',
    );
    expect(validateField('abc', { pattern: /^\d+$/ }, { type: 'text' })).toBe('Invalid format');
    expect(validateField('a@b.co', { pattern: EMAIL_PATTERN }, { type: 'email' })).toBeNull();
  });

  it('custom rule returns its message', () => {
    const custom = (v: string) => (v === 'admin' ? 'That name is taken' : null);
    expect(validateField('admin', { custom })).toBe('That name is taken');
    expect(validateField('ama', { custom })).toBeNull();
  });

  it('only the first failing message, in order required, min, max, pattern, custom', () => {
    const rules = { required: true, minLength: 5, pattern: /^\d+$/, custom: () => 'custom' };
    expect(validateField('', rules, { label: 'Code' })).toBe('Code is required');
    expect(validateField('ab', rules, { label: 'Code' })).toBe('Minimum 5 characters required');
    expect(validateField('abcdef', rules, { label: 'Code' })).toBe('Invalid format');
    expect(validateField('123456', rules, { label: 'Code' })).toBe('custom');
  });

  it('an empty optional value skips the other rules', () => {
    expect(validateField('', { minLength: 7, pattern: PHONE_PATTERN }, { type: 'tel' })).toBeNull();
  });

  it('a global regex gives the same answer every time', () => {
    const rules = { pattern: /^\d+$/g };
    expect(validateField('123', rules)).toBeNull();
    expect(validateField('123', rules)).toBeNull();
  });

  it('never throws on odd input', () => {
    expect(() => validateField(42 as unknown as string, { required: true, pattern: /x/ })).not.toThrow();
    expect(validateField('x'.repeat(100_000), { maxLength: 1000 })).toBe('Maximum 1000 characters allowed');
  });

  it('a phone number written with its country code passes where no country picker stands beside it', () => {
    const good = [
      '+233 24 555 0100',
      '+44 (20) 7946-0958',
      '024 555 0192',
      '(024) 555-0190',
      '0245550101',
      '00233 24 555 0101',
      '+1-555-010-0123',
    ];
    // A foreign number without its + or 00 is not taken: its country would be a guess.
    const bad = ['+233', '233+24 555 0100', '+233 24 555 0100 99999', 'call me', '++233 24 555 0100', '7700 900123'];
    for (const rules of [prayerFieldRules.phone, registrationFieldRules.phone]) {
      // The browser's pattern attribute (anchored, v flag) means what the spec's check means.
      const native = new RegExp(`^(?:${htmlPattern(rules.pattern)})$`, 'v');
      for (const phone of good) {
        expect(validateField(phone, rules, { type: 'tel' }), phone).toBeNull();
        expect(native.test(phone), phone).toBe(true);
      }
      for (const phone of bad) {
        expect(validateField(phone, rules, { type: 'tel' }), phone).toBe('Please enter a valid phone number');
        expect(native.test(phone), phone).toBe(false);
      }
    }
    const prayer = { name: 'Ama', title: 'Peace', description: 'Please pray for us.', category: 'family' };
    expect(prayerRequestSchema.safeParse({ ...prayer, phone: '+233 24 555 0100' }).success).toBe(true);
    const person = { name: 'Kofi', email: 'kofi@example.org', seats: 1 };
    expect(registrationSchema.safeParse({ ...person, phone: '+233 24 555 0100' }).success).toBe(true);
    // Beside its picker the contact form takes a national number of any country, or a whole one.
    for (const phone of ['7700 900123', '+233 24 555 0100', '803 123 4567'])
      expect(validateField(phone, contactFieldRules.phone, { type: 'phone' }), phone).toBeNull();
    expect(validateField('call me', contactFieldRules.phone, { type: 'phone' })).toBe(
      'Please enter a valid phone number',
    );
  });
});

describe('htmlPattern', () => {
  // Each pattern as the browser compiles a field's `pattern` (anchored, `v` flag), against the regex itself.
  const same = (regex: RegExp, samples: string[]) => {
    const html = htmlPattern(regex);
    expect(html, String(regex)).toBeDefined();
    const native = new RegExp(`^(?:${html})$`, 'v');
    for (const sample of samples) expect(native.test(sample), `${regex} ${sample}`).toBe(regex.test(sample));
  };

  it('keeps a literal dash in a class (first, last, after a set or a range) and a range as a range', () => {
    same(/^[\d\s-]*$/, ['0123 456-789', '12a', '-', '', ' - ']);
    same(/^[A-Za-z0-9_.@+-]+$/, ['ama.mensah', 'kofi-b', 'a+b@c', 'no space', 'é', ',']);
    same(/^[-a-c]+$/, ['-abc', 'b-', 'd', 'ab']);
    same(/^[a-c-]+$/, ['c-a', 'b', 'd', '-']);
    same(/^[\w-]{2,}$/, ['a-b', '__', 'a b', '-']);
  });

  it('escapes what the v flag reserves in a class, and gives up on a flag it cannot carry', () => {
    same(/^[\d\s\-()+]+$/, ['(024) 555-0100', '+233', '[1]', 'x']);
    expect(htmlPattern(/^[a-z]+$/i)).toBeUndefined();
  });
});
