// Money as people write it and as the program keeps it. A person gives cedis ("50", "1,234.5", "20.00"); below the
// form every amount is an integer of pesewas (100 to the cedi), so no sum is ever off by a floating-point crumb.
// The one rule of a gift's amount is here: 1 to 100,000 cedis, at most two decimals. No zod, so a page or a
// browser bundle may import it for free.

export const CURRENCY = 'GHS';
export const PESEWAS_PER_CEDI = 100;
export const MIN_GIFT_CEDIS = 1;
export const MAX_GIFT_CEDIS = 100_000;
export const MIN_GIFT_PESEWAS = MIN_GIFT_CEDIS * PESEWAS_PER_CEDI;
export const MAX_GIFT_PESEWAS = MAX_GIFT_CEDIS * PESEWAS_PER_CEDI;

export const AMOUNT_MESSAGE = 'Enter an amount from 1 to 100,000 cedis, with at most two decimals.';
/** A Sunday's counted total: at most 10 million cedis, so it stays within the 32-bit integer column it is kept in. */
export const BATCH_TOTAL_LIMITS = { min: MIN_GIFT_PESEWAS, max: 10_000_000 * PESEWAS_PER_CEDI };
export const BATCH_TOTAL_MESSAGE = 'Enter a total from 1 to 10,000,000 cedis, with at most two decimals.';
/**
 * The form's native check of the same rule (an HTML pattern, anchored by the browser): 1 to 99,999.99 with at most
 * two decimals, or 100,000 exactly; no thousands commas in the field.
 */
export const AMOUNT_INPUT_PATTERN = '(?:[1-9][0-9]{0,4}(?:[.][0-9]{1,2})?|100000(?:[.]00?)?)';

export type Pesewas = { ok: true; pesewas: number } | { ok: false; message: string };

/**
 * Cedis as typed (a string, with optional thousands commas) or sent as a JSON number, to pesewas; anything else
 * (not a number, more than two decimals, below 1 or above 100,000 cedis) is refused with the one message.
 * A JSON number is read through its shortest decimal form, so 10.1 is 1010 pesewas and 0.1 + 0.2 is refused.
 */
export function toPesewas(value: unknown, limits = { min: MIN_GIFT_PESEWAS, max: MAX_GIFT_PESEWAS }): Pesewas {
  const refuse = { ok: false, message: AMOUNT_MESSAGE } as const;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return refuse;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
    // Thousands commas only where they group three digits: "1,234.50", not "1,2".
    if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) text = text.replace(/,/g, '');
  } else return refuse;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return refuse;
  const whole = match[1].replace(/^0+(?=\d)/, '');
  if (whole.length > 9) return refuse;
  const pesewas = Number(whole) * PESEWAS_PER_CEDI + Number((match[2] ?? '').padEnd(2, '0'));
  if (pesewas < limits.min || pesewas > limits.max) return refuse;
  return { ok: true, pesewas };
}

/** Pesewas as the API answers amounts: a number of cedis with at most two decimals (5050 → 50.5). */
export const toCedis = (pesewas: number) => pesewas / PESEWAS_PER_CEDI;

/** Pesewas as the form's field shows them: "50", "50.50". */
export function cedisText(pesewas: number): string {
  const whole = Math.trunc(pesewas / PESEWAS_PER_CEDI);
  const rest = Math.abs(pesewas % PESEWAS_PER_CEDI);
  return rest ? `${whole}.${String(rest).padStart(2, '0')}` : String(whole);
}

/** Cedis as the API answers them, back to pesewas (rounded: 1234.5 → 123450). */
export const pesewasOf = (cedis: number) => Math.round(cedis * PESEWAS_PER_CEDI);

/** Pesewas as a plain amount: "1,234.50" (always two decimals, thousands commas, no currency). */
export function amountText(pesewas: number): string {
  const abs = Math.abs(Math.round(pesewas));
  const whole = String(Math.trunc(abs / PESEWAS_PER_CEDI)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${String(abs % PESEWAS_PER_CEDI).padStart(2, '0')}`;
}

/** Pesewas as people read them: "GH₵ 1,234.50" (always two decimals; a minus before the sign when negative). */
export const formatCedis = (pesewas: number) => `${pesewas < 0 ? '-' : ''}GH₵ ${amountText(pesewas)}`;

/** Cedis as the API answers them, shown as people read them: 1234.5 → "GH₵ 1,234.50". */
export const showCedis = (cedis: number) => formatCedis(pesewasOf(cedis));
