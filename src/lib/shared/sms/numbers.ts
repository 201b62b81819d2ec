// Phone numbers as SMS providers take them: digits only, with the country code, no leading + (Arkesel and Hubtel
// both take 233XXXXXXXXX). A Ghanaian number is written many ways (024 555 0100, +233 24 555 0100,
// 00233245550100, +233 024 555 0100): all are the same 233245550100. A number that cannot be a Ghanaian one is
// taken only in international form (a leading + or 00), since without it the country is a guess.

export const SMS_NUMBER_MESSAGE =
  'Enter a Ghanaian mobile number (such as 024 555 0100) or an international number starting with +.';

export type SmsNumber = { ok: true; number: string } | { ok: false; message: string };

/** Ghana's national significant numbers are 9 digits; mobile and fixed lines start with 2, 3 or 5. */
const GHANA_NATIONAL = /^[235]\d{8}$/;

export function smsNumber(input: string): SmsNumber {
  const refuse = { ok: false, message: SMS_NUMBER_MESSAGE } as const;
  const written = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(written)) return refuse;
  let digits = written.replace(/\D/g, '');
  const international = written.startsWith('+') || digits.startsWith('00');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (international || (digits.startsWith('233') && digits.length >= 12)) {
    if (digits.startsWith('233')) {
      // People often keep the trunk 0 after the country code: +233 024 555 0100.
      const national = digits.slice(3).replace(/^0/, '');
      return GHANA_NATIONAL.test(national) ? { ok: true, number: `233${national}` } : refuse;
    }
    // E.164: at most 15 digits with the country code; country codes never start with 0.
    return /^[1-9]\d{7,14}$/.test(digits) ? { ok: true, number: digits } : refuse;
  }
  if (digits.startsWith('0')) digits = digits.slice(1);
  return GHANA_NATIONAL.test(digits) ? { ok: true, number: `233${digits}` } : refuse;
}
