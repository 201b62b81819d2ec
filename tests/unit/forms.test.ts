// fieldRules and formRules (lib/shared/forms.ts): a form field's required, lengths, pattern and bounds read from
// the zod schema the API checks it with, through wrappers (optional, nullable, default), pipes, unions with an
// empty text, transforms and refinements, and into nested objects.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldRules, formRules } from '../../src/lib/shared/forms';
import { EMAIL_PATTERN, PHONE_MAX_LENGTH } from '../../src/lib/shared/messages';
import { OPTIONAL_PHONE_PATTERN } from '../../src/lib/shared/phone';
import { contactSchema, optionalPhone, registrationSchema, requiredText } from '../../src/lib/shared/schemas';
import { giftBodySchema, givingSettingsChangeSchema } from '../../src/lib/shared/giving/api';
import { householdUpdateSchema } from '../../src/lib/shared/households/api';

describe('fieldRules', () => {
  it('reads a required text with its lengths; a minimum of 1 is what required says', () => {
    const schema = z.object({ a: requiredText('A', { min: 2, max: 40 }), b: requiredText('B') });
    expect(fieldRules(schema, 'a')).toEqual({ required: true, minLength: 2, maxLength: 40 });
    expect(fieldRules(schema, 'b')).toEqual({ required: true });
  });

  it('an optional, nullable, defaulted or empty-text field is not required, and keeps its limits', () => {
    const schema = z.object({
      optional: z.string().max(10).optional(),
      nullable: z.string().max(11).nullable().optional(),
      defaulted: z.string().trim().max(12).default(''),
      empty: z
        .union([z.literal(''), z.null(), z.string().max(13)])
        .optional()
        .transform((v) => v || null),
      piped: z
        .string()
        .optional()
        .pipe(
          z
            .string()
            .max(14)
            .regex(/^(a.*)?$/)
            .optional(),
        ),
    });
    expect(fieldRules(schema, 'optional')).toEqual({ maxLength: 10 });
    expect(fieldRules(schema, 'nullable')).toEqual({ maxLength: 11 });
    expect(fieldRules(schema, 'defaulted')).toEqual({ maxLength: 12 });
    expect(fieldRules(schema, 'empty')).toEqual({ maxLength: 13 });
    expect(fieldRules(schema, 'piped')).toEqual({ maxLength: 14, pattern: /^(a.*)?$/ });
  });

  it('a text a partial update may leave out but never empty stays required', () => {
    expect(fieldRules(householdUpdateSchema, 'name')).toEqual({ required: true, maxLength: 100 });
    expect(fieldRules(householdUpdateSchema, 'address')).toEqual({ maxLength: 300 });
  });

  it("reads a number's bounds; an optional number is not required", () => {
    const schema = z.object({
      seats: z.number().int().min(1).max(10),
      sort: z.number().int().min(0).max(1000).optional(),
      above: z.number().gt(0).lt(5),
    });
    expect(fieldRules(schema, 'seats')).toEqual({ required: true, min: 1, max: 10 });
    expect(fieldRules(schema, 'sort')).toEqual({ min: 0, max: 1000 });
    expect(fieldRules(schema, 'above')).toEqual({ required: true, min: 1, max: 4 });
    expect(fieldRules(registrationSchema, 'seats')).toEqual({ required: true, min: 1, max: 10 });
  });

  it('reads the one phone rule: its length and pattern, never required', () => {
    expect(fieldRules(z.object({ phone: optionalPhone }), 'phone')).toEqual({
      maxLength: PHONE_MAX_LENGTH,
      pattern: OPTIONAL_PHONE_PATTERN,
    });
  });

  it('finds the object under a refine or a transform, and a nested field by a dotted name', () => {
    expect(fieldRules(contactSchema, 'email')).toEqual({ required: true, maxLength: 254, pattern: EMAIL_PATTERN });
    expect(fieldRules(givingSettingsChangeSchema, 'bank.accountNumber')).toEqual({
      maxLength: 40,
      pattern: /^[\d\s-]*$/,
    });
  });

  it('a schema the API changes, the form follows', () => {
    const before = z.object({ note: z.string().max(500).optional() });
    const after = z.object({ note: z.string().max(400).optional() });
    expect(fieldRules(before, 'note').maxLength).toBe(500);
    expect(fieldRules(after, 'note').maxLength).toBe(400);
  });

  it('refuses a name the schema does not have, so a form cannot quietly lose its rules', () => {
    expect(() => fieldRules(giftBodySchema, 'nmae')).toThrow(/no field "nmae"/);
    expect(() => fieldRules(z.string(), 'x')).toThrow(/not an object schema/);
  });
});

describe('formRules', () => {
  it('gives every named field its rules', () => {
    expect(formRules(giftBodySchema, ['name', 'note'])).toEqual({
      name: { required: true, maxLength: 120 },
      note: { maxLength: 500 },
    });
  });
});
