// A field's spec rules (lib/shared/validation.ts) as the browser's own constraint attributes, so a form checks
// its fields natively before its island hydrates and when JavaScript never runs (docs/PRODUCT.md (Validation)).
// Once hydrated the form sets noValidate and the spec's messages show instead of the browser's.
import type { FieldRules } from '../../lib/shared/forms';

export interface NativeConstraints {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  min?: number;
  max?: number;
}

/**
 * The attributes for `rules`. `maxLength` only before hydration: a browser's maxlength silently cuts a paste
 * short, while the spec wants the whole text kept and "Maximum n characters allowed" shown.
 */
export function nativeConstraints(rules: FieldRules | undefined, hydrated: boolean): NativeConstraints {
  if (!rules) return {};
  const pattern = rules.pattern ? htmlPattern(rules.pattern) : undefined;
  return {
    ...(rules.required && { required: true }),
    ...(rules.minLength !== undefined && { minLength: rules.minLength }),
    ...(!hydrated && rules.maxLength !== undefined && { maxLength: rules.maxLength }),
    ...(pattern !== undefined && { pattern }),
    ...(rules.min !== undefined && { min: rules.min }),
    ...(rules.max !== undefined && { max: rules.max }),
  };
}

// Inside a class, the `v` flag (which HTML's pattern attribute compiles with) reserves these characters
// that the plain flags take literally, e.g. the parentheses of CONTACT_PHONE_PATTERN's [\d\s\-()].
const RESERVED_IN_CLASS = new Set(['(', ')', '[', '{', '}', '/', '|']);
/** Escapes that stand for a set of characters, which cannot end a range: [\d\s-] takes its `-` literally. */
const CLASS_ESCAPES = new Set(['d', 'D', 's', 'S', 'w', 'W']);

/**
 * The regex source as an HTML `pattern` value (the browser anchors it and compiles it with the `v` flag), or
 * undefined when it cannot mean the same there (flags such as `i`): the spec's check after hydration still runs.
 */
export function htmlPattern(regex: RegExp): string | undefined {
  if (regex.flags.replace(/[gyd]/g, '') !== '') return undefined;
  let out = '';
  let inClass = false;
  // In a class, what came last: nothing yet, one character (which may start a range), a set or a whole range.
  let last: 'none' | 'char' | 'set' | 'range' | 'dash' = 'none';
  const source = regex.source;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') {
      const next = source[i + 1] ?? '';
      out += ch + next;
      i++;
      if (inClass) last = CLASS_ESCAPES.has(next) ? 'set' : last === 'dash' ? 'range' : 'char';
    } else if (inClass && ch === ']') {
      inClass = false;
      out += ch;
    } else if (inClass && ch === '-') {
      // A range's dash stands between two characters; any other `-` the plain flags take literally, and `v` wants
      // it escaped.
      const ranges: boolean = last === 'char' && source[i + 1] !== ']';
      out += ranges ? ch : `\\${ch}`;
      last = ranges ? 'dash' : 'char';
    } else if (inClass) {
      out += RESERVED_IN_CLASS.has(ch) ? `\\${ch}` : ch;
      last = last === 'dash' ? 'range' : 'char';
    } else {
      if (ch === '[') {
        inClass = true;
        last = 'none';
        out += ch;
        // A leading ^ negates; it is not a member.
        if (source[i + 1] === '^') out += source[++i];
        continue;
      }
      out += ch;
    }
  }
  try {
    new RegExp(`^(?:${out})$`, 'v');
    return out;
  } catch {
    return undefined;
  }
}
