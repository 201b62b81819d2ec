// The generic field validation of docs/PRODUCT.md (Validation) as one pure function: the kit's Field runs it as the
// person types, and a form can run it on submit. Messages come from messages.ts (re-exported by schemas.ts) so each text is written once.
import { messages } from './messages';

export interface ValidationRules {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  /** Returns an error message, or null/undefined/'' when the value is fine. */
  custom?: (value: string) => string | null | undefined;
}

/** The first message per field of zod's issues (path[0] names the field), as every form shows them. */
export function firstIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0] ?? '_')] ??= issue.message;
  return out;
}

export interface FieldInfo {
  label?: string;
  name?: string;
  type?: string;
}

/** Pattern mismatch wording depends on what the field holds. */
function patternMessage(type: string | undefined): string {
  if (type === 'email') return messages.email;
  if (type === 'tel' || type === 'phone') return messages.phone;
  return messages.pattern;
}

/**
 * The first failing rule's message, or null when the value passes every rule. Order: required, minLength,
 * maxLength, pattern, custom. An empty optional value skips the other rules (nothing to check yet).
 */
export function validateField(
  value: string | null | undefined,
  rules: ValidationRules | undefined,
  field: FieldInfo = {},
): string | null {
  if (!rules) return null;
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  const blank = text.trim() === '';
  if (rules.required && blank) return messages.required(field.label || field.name || 'This field');
  if (blank) return null;
  if (rules.minLength !== undefined && text.length < rules.minLength) return messages.minLength(rules.minLength);
  if (rules.maxLength !== undefined && text.length > rules.maxLength) return messages.maxLength(rules.maxLength);
  if (rules.pattern) {
    // A global or sticky regex keeps lastIndex between calls; reset it so the answer never flips.
    rules.pattern.lastIndex = 0;
    if (!rules.pattern.test(text)) return patternMessage(field.type);
  }
  if (rules.custom) {
    const message = rules.custom(text);
    if (message) return message;
  }
  return null;
}
