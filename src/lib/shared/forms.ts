// A form field's rules read from the zod schema the API checks it with (docs/ARCHITECTURE.md, Conventions: one
// source of truth), so a form's `required`, `minlength`, `maxlength`, `pattern`, `min`, `max` and its label's
// required mark can never disagree with the API. Astro pages call it while rendering; the portal's screens, which
// load zod anyway, call it in the browser; the public forms' islands get its answer as props from their page, so
// they download no zod up front. It only reads a schema's definition (zod 4's `_zod.def` and its checks) and
// imports nothing of zod at run time.
import type { ZodType } from 'zod';
import type { ValidationRules } from './validation';

/** The kit's field rules, plus a number's bounds (the `min` and `max` attributes). */
export interface FieldRules extends ValidationRules {
  min?: number;
  max?: number;
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  pattern?: RegExp;
  value?: number | bigint;
  inclusive?: boolean;
}
interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  options?: ZodType[];
  checks?: { _zod: { def: CheckDef } }[];
}
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The wrappers whose inner schema holds the rules (optional, nullable, a default...). */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The object schema under refinements, transforms and wrappers. */
function objectOf(schema: ZodType): Record<string, ZodType> {
  const def = defOf(schema);
  if (def.type === 'object' && def.shape) return def.shape;
  if (WRAPPERS.has(def.type) && def.innerType) return objectOf(def.innerType);
  if (def.type === 'pipe' && def.in) return objectOf(def.in);
  throw new Error(`fieldRules: not an object schema (${def.type})`);
}

/** Every limit of the field's schema and what it wraps (both ends of a pipe, every member of a union). */
function collect(schema: ZodType, rules: FieldRules, found: { text: boolean }): void {
  const def = defOf(schema);
  if (def.type === 'string') found.text = true;
  if (WRAPPERS.has(def.type) && def.innerType) collect(def.innerType, rules, found);
  if (def.type === 'pipe') for (const part of [def.in, def.out]) if (part) collect(part, rules, found);
  if (def.type === 'union') for (const option of def.options ?? []) collect(option, rules, found);
  for (const { _zod } of def.checks ?? []) {
    const check = _zod.def;
    const atLeast = check.check === 'length_equals' ? check.length : check.minimum;
    const atMost = check.check === 'length_equals' ? check.length : check.maximum;
    if ((check.check === 'min_length' || check.check === 'length_equals') && atLeast !== undefined)
      rules.minLength = Math.max(rules.minLength ?? 0, atLeast);
    if ((check.check === 'max_length' || check.check === 'length_equals') && atMost !== undefined)
      rules.maxLength = Math.min(rules.maxLength ?? Infinity, atMost);
    if (check.check === 'string_format' && check.pattern) rules.pattern ??= check.pattern;
    if (check.check === 'greater_than' && typeof check.value === 'number')
      rules.min = Math.max(rules.min ?? -Infinity, check.inclusive ? check.value : Math.floor(check.value) + 1);
    if (check.check === 'less_than' && typeof check.value === 'number')
      rules.max = Math.min(rules.max ?? Infinity, check.inclusive ? check.value : Math.ceil(check.value) - 1);
  }
}

/**
 * The rules of field `name` of an object schema (a dotted name reaches into a nested object: 'bank.name').
 * Required: the schema refuses the empty text an empty control posts, and for a field that is not text (a number, a
 * choice) also its absence; so a text a change may leave out but never empty (a partial update's name) is required,
 * and an optional number is not. A minimum length of 1 is what `required` says already, so it is left out.
 */
export function fieldRules(schema: ZodType, name: string): FieldRules {
  const [first, ...rest] = name.split('.');
  const field = objectOf(schema)[first];
  if (!field) throw new Error(`fieldRules: no field "${first}"`);
  if (rest.length) return fieldRules(field, rest.join('.'));
  const rules: FieldRules = {};
  const found = { text: false };
  collect(field, rules, found);
  if (rules.minLength !== undefined && rules.minLength <= 1) delete rules.minLength;
  if (!field.safeParse('').success && (found.text || !field.safeParse(undefined).success)) rules.required = true;
  return rules;
}

/** The rules of each named field of an object schema, as one object (a page hands it to its form's island). */
export function formRules<K extends string>(schema: ZodType, names: readonly K[]): Record<K, FieldRules> {
  return Object.fromEntries(names.map((name) => [name, fieldRules(schema, name)])) as Record<K, FieldRules>;
}
