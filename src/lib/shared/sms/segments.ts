// How many SMS a text costs (docs/PRODUCT.md, Send Notifications): a text all in the GSM-7 alphabet goes as 7-bit
// characters, 160 in one message or 153 a part when split (the rest of each part carries the joining header); one
// character outside it (an emoji, a Twi letter such as ɛ or ɔ, curly quotes) makes the whole text UCS-2: 70 in one
// message or 67 a part, counted in UTF-16 units. Characters of GSM-7's extension table take two places.

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export interface SmsLength {
  encoding: 'GSM-7' | 'UCS-2';
  /** Places the text takes in its encoding (an extension character counts two, an emoji two UTF-16 units). */
  units: number;
  /** Messages the text is sent as (0 for an empty text). */
  segments: number;
  /** Places one message holds at this length: 160/153 (GSM-7) or 70/67 (UCS-2). */
  perSegment: number;
}

export function smsLength(text: string): SmsLength {
  let units = 0;
  let gsm = true;
  for (const char of text) {
    if (BASIC.has(char)) units += 1;
    else if (EXTENSION.has(char)) units += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (!gsm) {
    const ucs2 = text.length; // UTF-16 code units: an emoji outside the BMP takes two, as on the air
    const perSegment = ucs2 <= 70 ? 70 : 67;
    return { encoding: 'UCS-2', units: ucs2, segments: Math.ceil(ucs2 / perSegment), perSegment };
  }
  const perSegment = units <= 160 ? 160 : 153;
  return { encoding: 'GSM-7', units, segments: Math.ceil(units / perSegment), perSegment };
}
