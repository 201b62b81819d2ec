// Households as the API takes and answers them (docs/API.md, Households): a household gathers member accounts and
// people without an account (children, say), with a name, an address and a head. Staff manage them in the portal;
// a member edits their own through the members' door. The server's contracts declare these and the screens'
// types are derived from them.
import { z } from 'zod';
import { allergiesField, notesField } from '../checkin/api';
import { ISO_DATE_PATTERN, branchIdField, isPlausiblePastDate, messages, requiredText } from '../schemas';
import { branchQuerySchema } from '../branches/api';

export const HOUSEHOLD_NOT_FOUND = 'Household not found.';
export const PERSON_NOT_FOUND = 'Person not found.';
export const HOUSEHOLD_TEXT = {
  userNotFound: 'That user does not exist.',
  headNotMember: 'The head must be a member of the household.',
  notMember: 'That user is not a member of this household.',
  sameHousehold: 'A household cannot be merged into itself.',
  nothingToChange: 'Nothing to change.',
  notChild: 'Allergies and notes are kept for children (under 18) only.',
} as const;

export const householdFieldRules = {
  name: { maxLength: 100 },
  address: { maxLength: 300 },
  relationship: { maxLength: 50 },
  search: { maxLength: 100 },
} as const;
const rules = householdFieldRules;

/** An optional text where an empty string or null means "not set" (stored as null). */
export const optionalText = (max: number) =>
  z
    .union([z.literal(''), z.null(), z.string().trim().max(max, messages.maxLength(max))])
    .transform((v) => v || null)
    .optional();

const birthDate = z
  .union([
    z.literal(''),
    z.null(),
    z
      .string()
      .regex(ISO_DATE_PATTERN, messages.date)
      .refine((v) => isPlausiblePastDate(v), messages.date),
  ])
  .transform((v) => v || null)
  .optional();

const id = z
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .positive()
  .max(2 ** 31 - 1);
const householdName = requiredText('Name', { max: rules.name.maxLength });
const relationship = requiredText('Relationship', { max: rules.relationship.maxLength });

// ---- Answers ----

export const householdPersonSchema = z.discriminatedUnion('kind', [
  /** A member account of the household; one under 18 (isChildAccount) is a child, with a child's allergies and notes. */
  z.object({
    kind: z.literal('member'),
    userId: z.number().int(),
    name: z.string(),
    relationship: z.string(),
    child: z.literal(true).optional(),
    allergies: z.string().nullable().optional(),
    notes: z.string().nullable().optional(),
  }),
  /** Someone without an account. */
  z.object({
    kind: z.literal('person'),
    id: z.number().int(),
    name: z.string(),
    relationship: z.string(),
    date_of_birth: z.string().nullable(),
    /** A child's allergies (their household's member and staff); notes are staff's only (absent for a member). */
    allergies: z.string().nullable(),
    notes: z.string().nullable().optional(),
  }),
]);
export type HouseholdPerson = z.infer<typeof householdPersonSchema>;

export const householdSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  head: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The branch it belongs to (docs/API.md, Branches). */
  branchId: z.number().int(),
  /** Member accounts first (the head first of them), then the people, each in the order they were added. */
  people: z.array(householdPersonSchema),
});
export type Household = z.infer<typeof householdSchema>;

export const householdPageSchema = z.object({ count: z.number().int(), results: z.array(householdSchema) });
export type HouseholdPage = z.infer<typeof householdPageSchema>;

// ---- What staff send ----

/** GET /households/?search=&limit=&offset=: search matches the household's name or a name of its people. */
export const householdListQuerySchema = branchQuerySchema.extend({
  search: z.string().trim().max(rules.search.maxLength, messages.maxLength(rules.search.maxLength)).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
export type HouseholdListQuery = z.infer<typeof householdListQuerySchema>;

export const householdCreateSchema = z.strictObject({
  name: householdName,
  address: optionalText(rules.address.maxLength),
  /** An account that becomes the head, moving into this household. */
  head_user_id: id.nullable().optional(),
  /** Default: the creator's branch. */
  branchId: branchIdField.optional(),
});
export type HouseholdCreate = z.infer<typeof householdCreateSchema>;

export const householdUpdateSchema = z
  .strictObject({
    name: householdName.optional(),
    address: optionalText(rules.address.maxLength),
    /** One of the household's member accounts, or null for none. */
    head_user_id: id.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), HOUSEHOLD_TEXT.nothingToChange);
export type HouseholdUpdate = z.infer<typeof householdUpdateSchema>;

/** An account joins the household (leaving any other). */
export const householdMemberAddSchema = z.strictObject({ user_id: id, relationship });
export type HouseholdMemberAdd = z.infer<typeof householdMemberAddSchema>;

/** A person as a member adds them to their own household: a child's allergies they keep current themselves. */
export const householdPersonCreateSchema = z.strictObject({
  name: requiredText('Name', { max: rules.name.maxLength }),
  relationship,
  date_of_birth: birthDate,
  allergies: allergiesField,
});
/** Staff also keep notes about a child (shown to staff and check-in stations only). */
export const staffPersonCreateSchema = householdPersonCreateSchema.extend({ notes: notesField });
export type HouseholdPersonCreate = z.infer<typeof staffPersonCreateSchema>;

const personChanges = {
  name: requiredText('Name', { max: rules.name.maxLength }).optional(),
  relationship: relationship.optional(),
  date_of_birth: birthDate,
  allergies: allergiesField,
};
const somethingChanges = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);
export const householdPersonUpdateSchema = z
  .strictObject(personChanges)
  .refine(somethingChanges, HOUSEHOLD_TEXT.nothingToChange);
export const staffPersonUpdateSchema = z
  .strictObject({ ...personChanges, notes: notesField })
  .refine(somethingChanges, HOUSEHOLD_TEXT.nothingToChange);
export type HouseholdPersonUpdate = z.infer<typeof staffPersonUpdateSchema>;

/** A child account's allergies as a member of its household keeps them (the members' door). */
export const childAccountUpdateSchema = z
  .strictObject({ allergies: allergiesField })
  .refine(somethingChanges, HOUSEHOLD_TEXT.nothingToChange);
/** Staff also keep notes about a child account (staff and stations only). */
export const staffChildAccountUpdateSchema = z
  .strictObject({ allergies: allergiesField, notes: notesField })
  .refine(somethingChanges, HOUSEHOLD_TEXT.nothingToChange);
export type ChildAccountUpdate = z.infer<typeof staffChildAccountUpdateSchema>;

/** A member's own household: its name and address (the members' door). */
export const ownHouseholdUpdateSchema = z
  .strictObject({ name: householdName.optional(), address: optionalText(rules.address.maxLength) })
  .refine((v) => Object.values(v).some((x) => x !== undefined), HOUSEHOLD_TEXT.nothingToChange);
export type OwnHouseholdUpdate = z.infer<typeof ownHouseholdUpdateSchema>;

/** POST /households/{id}/merge/: the household `from` moves into this one and is deleted. */
export const householdMergeSchema = z.strictObject({ from: id });
export type HouseholdMerge = z.infer<typeof householdMergeSchema>;
