// The one phone rule (src/lib/shared/phone.ts): what every form and API that takes a phone accepts, how it is
// stored (E.164) and shown, and that the HTML pattern agrees with the schema.
import { describe, expect, it } from 'vitest';
import {
  LOCAL_PHONE_PATTERN,
  PHONE_MAX_LENGTH,
  PHONE_PATTERN,
  formatPhone,
  normalisePhone,
} from '../../src/lib/shared/phone';
import { contactSchema, optionalPhone } from '../../src/lib/shared/schemas';
import { personFieldRules } from '../../src/lib/shared/messages';
import { htmlPattern } from '../../src/islands/ui/native-constraints';
import { visitorMayBeTexted } from '../../src/lib/shared/sms/numbers';

const GHANAIAN = [
  '024 555 0101',
  '0245550101',
  '+233 24 555 0101',
  '+233245550101',
  '00233245550101',
  '00233 24 555 0101',
  '233245550101',
  '+233 (0)24-555-0101',
  '(024) 555-0101',
];

describe('normalisePhone', () => {
  it.each(GHANAIAN)('%s is +233245550101', (written) => {
    expect(normalisePhone(written)).toBe('+233245550101');
    expect(optionalPhone.parse(written)).toBe('+233245550101');
  });

  it('takes a foreign number only with its + or 00', () => {
    expect(normalisePhone('+44 7700 900123')).toBe('+447700900123');
    expect(normalisePhone('00447700900123')).toBe('+447700900123');
    expect(normalisePhone('+234 803 123 4567')).toBe('+2348031234567');
    expect(normalisePhone('7700 900123')).toBeNull();
    expect(normalisePhone('803 123 4567')).toBeNull();
  });

  it('reads a national number in the picked country', () => {
    expect(normalisePhone('07700 900123', '44')).toBe('+447700900123');
    expect(normalisePhone('803 123 4567', '234')).toBe('+2348031234567');
    expect(normalisePhone('876 555 1234', '1876')).toBe('+18765551234');
    expect(normalisePhone('555 1234', '1876')).toBe('+18765551234');
    // A whole number wins over the picker.
    expect(normalisePhone('+233 24 555 0101', '44')).toBe('+233245550101');
  });

  it.each(['', 'call me', '12345', '024 555 010', '+233 24 555 01000', '0845550100', '+0 123 456 789', '++233 24'])(
    'refuses %j',
    (written) => {
      expect(normalisePhone(written)).toBeNull();
      expect(optionalPhone.safeParse(written).success).toBe(written === '');
    },
  );
});

describe('formatPhone', () => {
  it('shows a number as it would be dialled', () => {
    expect(formatPhone('+233245550101')).toBe('+233 24 555 0101');
    expect(formatPhone('+447700900123')).toBe('+44 770 090 0123');
    expect(formatPhone('+2348031234567')).toBe('+234 803 123 4567');
    expect(formatPhone('+14155552671')).toBe('+1 415 555 2671');
  });

  it('reads numbers stored before the rule, and shows what it cannot read as written', () => {
    expect(formatPhone('024 555 0101')).toBe('+233 24 555 0101');
    expect(formatPhone('ext. 12')).toBe('ext. 12');
    expect(formatPhone(null)).toBe('');
  });
});

describe('the phone fields', () => {
  it('HTML pattern and maxlength agree with the schema', () => {
    expect(personFieldRules.phone_number).toEqual({ pattern: PHONE_PATTERN, maxLength: PHONE_MAX_LENGTH });
    const html = new RegExp(`^(?:${htmlPattern(PHONE_PATTERN)!})$`, 'v');
    const samples = [...GHANAIAN, '+44 7700 900123', '7700 900123', 'call me', '024 555 010', '+233 24 555 01000'];
    for (const sample of samples) {
      expect(html.test(sample), sample).toBe(PHONE_PATTERN.test(sample));
      // Whatever the schema takes the browser lets through.
      if (optionalPhone.safeParse(sample).success) expect(html.test(sample), sample).toBe(true);
    }
    expect(optionalPhone.safeParse('0'.repeat(PHONE_MAX_LENGTH + 1)).success).toBe(false);
    expect(htmlPattern(LOCAL_PHONE_PATTERN)).toBeDefined();
  });

  it('the contact form stores the whole number, read in the picked country', () => {
    const message = {
      name: 'Ama',
      email: 'ama@example.org',
      preferredContact: 'phone',
      subject: 'Hello there',
      inquiryType: 'general',
      message: 'A message of twenty characters or more.',
    };
    expect(contactSchema.parse({ ...message, phone: '7700 900123', phoneCountry: 'GB' }).phone).toBe('+447700900123');
    expect(contactSchema.parse({ ...message, phone: '024 555 0101' }).phone).toBe('+233245550101');
    expect(contactSchema.parse({ ...message, phone: '+447700900123' }).phone).toBe('+447700900123');
    expect(contactSchema.parse({ ...message, phone: '' }).phone).toBeNull();
    const refused = contactSchema.safeParse({ ...message, phone: '7700 900123' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['phone'], message: 'Please enter a valid phone number' });
  });
});

describe('visitorMayBeTexted (SMS_VISITOR_COUNTRIES)', () => {
  it('lets a visitor cause an SMS only to the listed calling codes', () => {
    expect(visitorMayBeTexted(['233'], '233245550101')).toBe(true);
    expect(visitorMayBeTexted(['233'], '+233245550101')).toBe(true);
    expect(visitorMayBeTexted(['233'], '447700900123')).toBe(false);
    expect(visitorMayBeTexted(['233'], '2348031234567')).toBe(false);
    expect(visitorMayBeTexted(['233', '234'], '2348031234567')).toBe(true);
  });
});
