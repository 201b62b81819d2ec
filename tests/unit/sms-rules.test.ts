// The SMS rules both the Send Notifications dialog and the outbox use: numbers as the providers take them, and
// a text's length in messages (GSM-7 160/153, UCS-2 70/67).
import { describe, expect, it } from 'vitest';
import { SMS_NUMBER_MESSAGE, smsNumber } from '../../src/lib/shared/sms/numbers';
import { smsLength } from '../../src/lib/shared/sms/segments';

describe('smsNumber', () => {
  it.each([
    '024 555 0100',
    '0245550100',
    '+233 24 555 0100',
    '+233245550100',
    '233245550100',
    '00233 24 555 0100',
    '+233 (0)24-555-0100',
    '+233 024 555 0100',
  ])('%s is 233245550100', (input) => {
    expect(smsNumber(input)).toEqual({ ok: true, number: '233245550100' });
  });

  it('keeps an international number in international form', () => {
    expect(smsNumber('+44 20 7946 0958')).toEqual({ ok: true, number: '442079460958' });
    expect(smsNumber('001 415 555 2671')).toEqual({ ok: true, number: '14155552671' });
  });

  it.each([
    '',
    'call me',
    '12345',
    '024 555 010',
    '+233 24 555 01000',
    '0845550100',
    '+0 123 456 789',
    '+1234567890123456',
  ])('refuses %j with the message', (input) => {
    expect(smsNumber(input)).toEqual({ ok: false, message: SMS_NUMBER_MESSAGE });
  });
});

describe('smsLength', () => {
  it('counts GSM-7 as 160 in one message, 153 a part', () => {
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1, perSegment: 160 });
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2, perSegment: 153 });
    expect(smsLength('a'.repeat(306)).segments).toBe(2);
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
    expect(smsLength('').segments).toBe(0);
  });

  it('counts an extension character twice', () => {
    expect(smsLength('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsLength(`${'a'.repeat(159)}€`)).toMatchObject({ units: 161, segments: 2 });
  });

  it('sends the whole text as UCS-2 for one character outside GSM-7, never cut', () => {
    expect(smsLength(`${'a'.repeat(69)}ɛ`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1, perSegment: 70 });
    expect(smsLength(`${'a'.repeat(70)}ɔ`)).toEqual({ encoding: 'UCS-2', units: 71, segments: 2, perSegment: 67 });
    // An emoji is two UTF-16 units.
    expect(smsLength('Praise 🙏')).toMatchObject({ encoding: 'UCS-2', units: 9, segments: 1 });
    expect(smsLength('“Amen”').encoding).toBe('UCS-2');
  });
});
