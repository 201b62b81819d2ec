// Phone numbers as SMS providers take them: the E.164 number of the one phone rule (../phone.ts) without its +
// (Arkesel and Hubtel both take 233XXXXXXXXX). A Ghanaian number is written many ways (024 555 0100,
// +233 24 555 0100, 00233245550100, +233 024 555 0100): all are the same 233245550100.
import { normalisePhone } from '../phone';

export const SMS_NUMBER_MESSAGE =
  'Enter a Ghanaian mobile number (such as 024 555 0100) or an international number starting with +.';

export type SmsNumber = { ok: true; number: string } | { ok: false; message: string };

export function smsNumber(input: string): SmsNumber {
  const number = normalisePhone(input);
  return number ? { ok: true, number: number.slice(1) } : { ok: false, message: SMS_NUMBER_MESSAGE };
}

/** SMS_VISITOR_COUNTRIES when unset: Ghana only. */
export const DEFAULT_SMS_VISITOR_COUNTRIES = ['233'] as const;

/**
 * Whether an SMS an anonymous visitor causes (a registration's confirmation, a /my code, a gift's receipt) may go
 * to `number` (as smsNumber gives it, or E.164): only to the calling codes of SMS_VISITOR_COUNTRIES, so nobody can
 * make the church's SMS account pay for texts to premium foreign numbers (SMS pumping). Calling codes are
 * prefix-free, so a number's start names its country.
 */
export function visitorMayBeTexted(countries: readonly string[], number: string): boolean {
  const digits = number.replace(/^\+/, '');
  return countries.some((code) => digits.startsWith(code));
}
