// The one phone rule of every form and API that takes a phone (docs/PRODUCT.md (Validation)). A Ghanaian number
// is written many ways (024 555 0100, 0245550100, +233 24 555 0100, 00233 24 555 0100, +233 (0)24-555-0100): all
// are stored as the same E.164 number, +233245550100, and shown as "+233 24 555 0100". A number that cannot be a
// Ghanaian one is taken only in international form (a leading + or 00), since without it the country is a guess;
// beside a country picker (the contact form) a national number is read in the picked country. Zod-free, so the
// public islands use it without loading zod; schemas.ts builds the API's zod from it.

/** The most characters a phone field takes (15 digits and the separators people write between them). */
export const PHONE_MAX_LENGTH = 25;

// Spaces, dots, hyphens and parentheses may stand anywhere between the digits.
const SEP = String.raw`[\s().\-]*`;
const digits = (min: number, max: number) => String.raw`(?:${SEP}\d){${min},${max}}`;
/** + or 00, then a country code (never 0) and the number: at most 15 digits in all (E.164). */
const INTERNATIONAL = String.raw`(?:\+|0${SEP}0)${SEP}[1-9]${digits(6, 14)}`;
/** Ghana without its +: a trunk 0, or 233 (and a stray trunk 0 after it), then 9 digits starting 2, 3 or 5. */
const GHANAIAN = `(?:0${SEP}|2${SEP}3${SEP}3${SEP}(?:0${SEP})?)?[235]${digits(8, 8)}`;

/**
 * The shape of a phone written whole (no picker beside it): the HTML `pattern` of those fields and the first
 * check of the rule (normalisePhone then checks a foreign number's length, which no pattern can).
 */
const WHOLE = `${SEP}(?:${INTERNATIONAL}|${GHANAIAN})${SEP}`;
export const PHONE_PATTERN = new RegExp(`^${WHOLE}$`);
/** The same or nothing: an optional phone's schema (an empty control posts ''), and so that field's HTML `pattern`. */
export const OPTIONAL_PHONE_PATTERN = new RegExp(`^(?:${WHOLE})?$`);
/** Beside a country picker: an international number, or a national one of the picked country (4 to 14 digits). */
export const LOCAL_PHONE_PATTERN = new RegExp(String.raw`^${SEP}(?:${INTERNATIONAL}|\d${digits(3, 13)})${SEP}$`);

/** The field rules (lib/shared/validation.ts) of a phone written whole: its HTML pattern and maxlength, and its check as typed. */
export const PHONE_RULES = { pattern: PHONE_PATTERN, maxLength: PHONE_MAX_LENGTH } as const;
/** What a phone field says under it. */
export const PHONE_HINT = 'Such as 024 555 0100; a number abroad with its + or 00.';

/** Ghana's calling code, the country a number without + or 00 belongs to unless a picker says otherwise. */
export const GHANA_CALLING_CODE = '233';

/** Ghana's national significant numbers are 9 digits; mobile and fixed lines start with 2, 3 or 5. */
const GHANA_NATIONAL = /^[235]\d{8}$/;

/** Digits with their country code as E.164 ("+…"), or null when they cannot be a number. */
function e164(withCountry: string): string | null {
  if (withCountry.startsWith(GHANA_CALLING_CODE)) {
    // People often keep the trunk 0 after the country code: +233 024 555 0100.
    const national = withCountry.slice(3).replace(/^0/, '');
    return GHANA_NATIONAL.test(national) ? `+${GHANA_CALLING_CODE}${national}` : null;
  }
  // E.164: 8 to 15 digits with the country code (the shortest national numbers are 5 digits); never a leading 0.
  return /^[1-9]\d{7,14}$/.test(withCountry) ? `+${withCountry}` : null;
}

/**
 * The number as E.164 ("+233245550100"), or null when it is not one. `callingCode` ("44", no +) is the country
 * of a number written without + or 00: Ghana's unless a picker beside the field says otherwise.
 */
export function normalisePhone(input: string, callingCode: string = GHANA_CALLING_CODE): string | null {
  const written = input.trim();
  const ghana = callingCode === GHANA_CALLING_CODE;
  if (!(ghana ? PHONE_PATTERN : LOCAL_PHONE_PATTERN).test(written)) return null;
  const all = written.replace(/\D/g, '');
  if (written.startsWith('+')) return e164(all);
  if (/^0[\s().-]*0/.test(written)) return e164(all.slice(2));
  if (ghana && all.startsWith(GHANA_CALLING_CODE) && all.length >= 12) return e164(all);
  // The trunk 0 goes, except in Italy (and the Vatican), where it is part of the number.
  const national = callingCode === '39' ? all : all.replace(/^0/, '');
  // North American numbers are written with their area code, which the Caribbean's calling codes include (+1876).
  if (callingCode.length === 4 && callingCode.startsWith('1') && national.length === 10) return e164(`1${national}`);
  return e164(callingCode + national);
}

// Calling codes of one and two digits; every other is three (E.164 codes are prefix-free).
const ONE_DIGIT = /^[17]/;
const TWO_DIGITS = /^(2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58])/;

/**
 * A phone as it would be dialled, grouped to read: "+233 24 555 0100", "+44 770 090 0123", "+1 415 555 2671".
 * A stored value that is not a number (one kept from before the rule) is shown as it was written.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const number = normalisePhone(value);
  if (!number) return value.trim();
  const all = number.slice(1);
  const split = ONE_DIGIT.test(all) ? 1 : TWO_DIGITS.test(all) ? 2 : 3;
  const national = all.slice(split);
  // The last four digits together, threes before them, what is left first (Ghana's 24 555 0100).
  const groups = [national.slice(-4)];
  let rest = national.slice(0, -4);
  while (rest.length > 3) {
    groups.unshift(rest.slice(-3));
    rest = rest.slice(0, -3);
  }
  if (rest) groups.unshift(rest);
  return `+${all.slice(0, split)} ${groups.join(' ')}`;
}

/**
 * What a staff search over a phone looks in: the stored number, as dialled, and a Ghanaian one as written at home
 * (0244123456, 024 412 3456), so "024 412" still finds a number stored as +233244123456.
 */
export function phoneSearchText(value: string | null | undefined): string {
  if (!value) return '';
  const readable = formatPhone(value);
  const home = readable.startsWith('+233 ') ? `0${readable.slice(5)}` : '';
  return [value, readable, home, home.replace(/ /g, '')].join('\n');
}
