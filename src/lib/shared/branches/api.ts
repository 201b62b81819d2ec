// Branches as the API takes and answers them (docs/API.md, Branches): the church and its areas, districts and
// assemblies, any depth, the root being the church itself. The server's contracts declare these and the screens'
// types are derived from them.
import { z } from 'zod';
import { BRANCH_UNKNOWN } from '../messages';
import { branchIdField, messages, requiredText } from '../schemas';

export const BRANCH_NOT_FOUND = 'Branch not found.';
export const BRANCH_TEXT = {
  /** A branch_id or parentId that names no branch the caller can see. */
  unknown: BRANCH_UNKNOWN,
  underItself: 'A branch cannot be moved under itself or a branch below it.',
  rootHasNoParent: 'The church itself is the top of the tree and cannot be moved.',
  rootStays: 'The church itself cannot be deleted.',
  /** Followed by what is left: "3 people, 1 household and 2 branches". */
  notEmpty: (left: string) => `This branch still has ${left}. Move or remove them first.`,
  slugTaken: 'Another branch already has this name.',
} as const;

export const branchFieldRules = {
  name: { maxLength: 100 },
  kind: { maxLength: 50 },
  address: { maxLength: 300 },
  phone: { maxLength: 40 },
  serviceTimes: { maxLength: 300 },
  paystackSubaccount: { maxLength: 50 },
} as const;
const rules = branchFieldRules;

/** An optional line of text where an empty string or null means "not set" (stored as null). */
const optionalLine = (max: number) =>
  z
    .union([z.literal(''), z.null(), z.string().trim().max(max, messages.maxLength(max))])
    .transform((v) => v || null)
    .optional();

/** Paystack's code of a subaccount, "ACCT_8f4s1eq7ml6rlzj". */
const subaccount = z
  .union([
    z.literal(''),
    z.null(),
    z
      .string()
      .trim()
      .max(rules.paystackSubaccount.maxLength, messages.maxLength(rules.paystackSubaccount.maxLength))
      .regex(/^ACCT_[A-Za-z0-9]+$/, 'A Paystack subaccount code looks like ACCT_8f4s1eq7ml6rlzj.'),
  ])
  .transform((v) => v || null)
  .optional();

// ---- Answers ----

export const branchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** null for the root, the church itself. */
  parentId: z.number().int().nullable(),
  kind: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  serviceTimes: z.string().nullable(),
  /** Present only in answers to staff (docs/API.md, Branches). */
  paystackSubaccount: z.string().nullable().optional(),
});
export type Branch = z.infer<typeof branchSchema>;

/** A branch as other answers name it (the User object's `branch`). */
export const branchRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type BranchRef = z.infer<typeof branchRefSchema>;

/** A stay of an account at a branch: `to` null for where it is now (the User object's `branch_history`). */
export const branchStaySchema = z.object({ branch: branchRefSchema, from: z.string(), to: z.string().nullable() });
export type BranchStay = z.infer<typeof branchStaySchema>;

// ---- Queries ----

/** `?branch=ID` of a staff list: that branch and every branch below it, within the caller's scope. */
export const branchQuerySchema = z.object({
  branch: z.coerce
    .number({ error: BRANCH_TEXT.unknown })
    .int(BRANCH_TEXT.unknown)
    .positive(BRANCH_TEXT.unknown)
    .max(2 ** 31 - 1, BRANCH_TEXT.unknown)
    .optional(),
});

// ---- Bodies ----

/** POST /auth/users/{id}/transfer/: the account (and, with `household`, everyone of its household) moves. */
export const transferSchema = z.strictObject({
  branch_id: branchIdField,
  note: optionalLine(300),
  household: z.boolean().optional(),
});
export type Transfer = z.infer<typeof transferSchema>;

const fields = {
  kind: optionalLine(rules.kind.maxLength),
  address: optionalLine(rules.address.maxLength),
  phone: optionalLine(rules.phone.maxLength),
  serviceTimes: optionalLine(rules.serviceTimes.maxLength),
  paystackSubaccount: subaccount,
};

export const branchCreateSchema = z.strictObject({
  name: requiredText('Name', { max: rules.name.maxLength }),
  parentId: branchIdField,
  ...fields,
});
export type BranchCreate = z.infer<typeof branchCreateSchema>;

export const branchUpdateSchema = z
  .strictObject({
    name: requiredText('Name', { max: rules.name.maxLength }),
    parentId: branchIdField,
    ...fields,
  })
  .partial();
export type BranchUpdate = z.infer<typeof branchUpdateSchema>;

/** GET /branches/{id}/summary/: the branch and every branch below it. */
export const branchSummarySchema = z.object({
  branch: branchSchema,
  members: z.number().int(),
  households: z.number().int(),
  /** The ushers' headcounts: the last 7 days, and the last 28 days' weekly average (docs/API.md, Branches). */
  attendance: z.object({ lastWeek: z.number().int(), averageLast4Weeks: z.number() }),
  /** Cedis given in the last 30 days (paid, less refunds); only for ADMIN and above. */
  giving: z.object({ last30Days: z.number() }).optional(),
});
export type BranchSummary = z.infer<typeof branchSummarySchema>;
