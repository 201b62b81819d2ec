// Giving as the API takes and answers it (docs/API.md, Giving). The server's route contracts declare these and
// the staff screen's types are derived from them. Amounts: the API takes and answers cedis (a number with at
// most two decimals; a form may send text such as "1,234.50"); below the API every amount is an integer of
// pesewas (money.ts), so a parsed body's `amount`/`total` ARE pesewas (z.output), its input is cedis (z.input).
//
// The calls (ADMIN and above unless said; GIVING_ROLE in permissions.ts):
//   GET    /giving/funds/                       anyone: publicFundSchema[] (the active funds, in order)
//   POST   /giving/                             anyone: giftBodySchema → 201 giftStartedSchema (a form: 303)
//   POST   /giving/webhooks/paystack/           Paystack (signed)
//   GET    /giving/gifts/?fund=&status=&method=&from=&to=&q=&branch=&format=csv   giftQuerySchema → giftAnswerSchema[]
//   POST   /giving/gifts/                       staffGiftBodySchema → 201 giftAnswerSchema
//   POST   /giving/batches/                     batchBodySchema → 201 batchAnswerSchema
//   POST   /giving/gifts/{id}/refund/           refundBodySchema → 200 giftAnswerSchema
//   POST   /giving/gifts/{id}/resolve/          resolveBodySchema → 200 giftAnswerSchema (a flagged gift)
//   GET    /giving/summary/?range=7d|30d|90d|1y&branch=  summaryAnswerSchema
//   GET    /giving/funds/all/                   fundAnswerSchema[] (every fund, inactive too)
//   POST   /giving/funds/                       fundBodySchema → 201 fundAnswerSchema
//   PATCH  /giving/funds/{id}/                  fundChangeSchema → 200 fundAnswerSchema
//   DELETE /giving/funds/{id}/                  204 (a fund with gifts is refused 409: make it inactive instead)
//   GET    /settings/giving/                    givingSettingsSchema
//   PATCH  /settings/giving/                    givingSettingsChangeSchema → 200 givingSettingsSchema
import { z } from 'zod';
import { ANALYTICS_RANGES } from '../constants';
import { EMAIL_PATTERN, ISO_DATE_PATTERN, PHONE_PATTERN, messages } from '../messages';
import { branchIdField, optionalPhone } from '../schemas';
import { valuesOf } from '../labels';
import { branchQuerySchema } from '../branches/api';
import { BATCH_TOTAL_LIMITS, BATCH_TOTAL_MESSAGE, CURRENCY, toPesewas } from './money';

export const GIFT_STATUS_LABELS = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  flagged: 'Flagged',
  refunded: 'Refunded',
};
export const GIFT_STATUSES = valuesOf(GIFT_STATUS_LABELS);
export type GiftStatus = (typeof GIFT_STATUSES)[number];

export const GIFT_METHOD_LABELS = {
  paystack: 'Online (Paystack)',
  cash: 'Cash',
  cheque: 'Cheque',
  bank: 'Bank transfer',
  mobile_money: 'Mobile money',
};
export const GIFT_METHODS = valuesOf(GIFT_METHOD_LABELS);
export type GiftMethod = (typeof GIFT_METHODS)[number];
/** The ways staff record a gift that did not come through Paystack. */
export const STAFF_GIFT_METHODS = ['cash', 'cheque', 'bank', 'mobile_money'] as const;
export type StaffGiftMethod = (typeof STAFF_GIFT_METHODS)[number];

export const GIVING_RANGES = ANALYTICS_RANGES.map((r) => r.value) as ['7d', '30d', '90d', '1y'];
export type GivingRange = (typeof GIVING_RANGES)[number];

// Texts the API answers with (and the pages show).
export const GIVING_TEXTS = {
  unavailable: 'Online giving is unavailable right now. Please try again, or give by mobile money or at church.',
  notConfigured: 'Online giving is not set up. Please give by mobile money, bank transfer or at church.',
  unknownFund: 'Choose one of the funds.',
  giftNotFound: 'Gift not found.',
  fundNotFound: 'Fund not found.',
  fundTaken: 'A fund with this name already exists.',
  fundHasGifts: 'This fund has gifts: make it inactive instead of deleting it.',
  batchTotal: 'The total must equal the sum of the gifts.',
  giverNotFound: 'That account does not exist.',
  transactionIdMomo: 'A transaction ID goes with a mobile money gift only.',
  notRefundable: 'Only a paid gift can be refunded.',
  refundTooLarge: 'A refund cannot be more than the gift.',
  notFlagged: 'Only a flagged gift can be resolved.',
  badSignature: 'Invalid signature.',
} as const;

/** Cedis in (a JSON number or form text), pesewas out: the one rule of money.ts (within `limits` when given). */
const cedisSchema = (limits?: { min: number; max: number }, message?: string) =>
  z.unknown().transform((value, ctx) => {
    const parsed = toPesewas(value, limits);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: message ?? parsed.message });
      return z.NEVER;
    }
    return parsed.pesewas;
  });
export const cedisAmountSchema = cedisSchema();

/** A fund named by its id (the form's select sends it as text) or by its name, as CONTRACT's `{fund}`. */
export const fundRefSchema = z.union([z.number().int().positive(), z.string().trim().min(1).max(100)], {
  error: GIVING_TEXTS.unknownFund,
});

const name = (label: string) =>
  z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, messages.required(label))
    .max(120, messages.maxLength(120));
const optional = <T extends z.ZodType<string>>(inner: T) =>
  z
    .union([z.literal(''), z.null(), inner])
    .optional()
    .transform((v) => (v ? v : null));
const staffMethod = z.enum(STAFF_GIFT_METHODS, { error: `method must be one of ${STAFF_GIFT_METHODS.join(', ')}` });
/** The giver's name on a gift staff record (optional: envelopes are often anonymous). */
const giverName = optional(z.string().trim().max(120, messages.maxLength(120)));
/** The giver's account, so a member sees an envelope in My gifts and the statement; absent for a visitor. */
const giverAccount = z
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .positive('Must be a whole number')
  .max(2 ** 31 - 1)
  .nullable()
  .optional();
/** A mobile money gift's transaction ID as the giver's phone or the network's statement shows it. */
const transactionId = optional(z.string().trim().max(64, messages.maxLength(64)));
/** A staff gift's giver and, for mobile money, its transaction ID (POST /giving/gifts/ and each gift of a batch). */
const staffGiftExtras = { user_id: giverAccount, transaction_id: transactionId };
const momoOnly = { path: ['transaction_id'], message: GIVING_TEXTS.transactionIdMomo };
const isoDate = z
  .string({ error: messages.date })
  .regex(ISO_DATE_PATTERN, messages.date)
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    messages.date,
  );

// ---- The public side ----

/** GET /giving/funds/ (anyone): the funds that take gifts. */
export const publicFundSchema = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export type PublicFund = z.infer<typeof publicFundSchema>;

/** POST /giving/ (JSON or the /give form). */
export const giftBodySchema = z.strictObject({
  fund: fundRefSchema,
  amount: cedisAmountSchema,
  name: name('Name'),
  email: z
    .string({ error: messages.required('Email') })
    .trim()
    .min(1, messages.required('Email'))
    .max(254, messages.email)
    .regex(EMAIL_PATTERN, messages.email),
  phone: optionalPhone,
  note: optional(z.string().trim().max(500, messages.maxLength(500))),
  /** The giver's assembly (docs/API.md, Giving): the /give form's select sends its id as text, "" for none. */
  branch: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    branchIdField.optional(),
  ),
});
export type GiftBody = z.input<typeof giftBodySchema>;
export type GiftInput = z.output<typeof giftBodySchema>;

/** 201 of POST /giving/: where the giver pays. */
export const giftStartedSchema = z.object({ reference: z.string(), authorization_url: z.string() });
export type GiftStarted = z.infer<typeof giftStartedSchema>;

// ---- Staff ----

export const refundSchema = z.object({
  amount: z.number(),
  date: z.string(),
  reason: z.string(),
  /** Who recorded it (a username), or null when that account is gone. */
  by: z.string().nullable(),
});

/** One gift as staff see it. The first eleven fields are CONTRACT's; the rest serve the staff screen. */
export const giftAnswerSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** The fund's name. */
  fund: z.string(),
  /** Cedis. */
  amount: z.number(),
  currency: z.literal(CURRENCY),
  status: z.enum(GIFT_STATUSES),
  method: z.enum(GIFT_METHODS),
  name: z.string().nullable(),
  email: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  fundId: z.number().int(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
  /** Paystack's channel ('mobile_money', 'card', …) of an online gift. */
  channel: z.string().nullable(),
  /** Why an online gift was flagged (an amount or currency that differs from the gift), else null. */
  flagReason: z.string().nullable(),
  /** What staff wrote when they resolved the flagged gift, else null. */
  resolutionNote: z.string().nullable(),
  batchId: z.number().int().nullable(),
  /** The giver's account: an online gift's signed-in member, or the account staff linked a gift to. */
  userId: z.number().int().nullable(),
  /** A mobile money gift's transaction ID recorded by staff, or the provider's id of an online gift. */
  transactionId: z.string().nullable(),
  /** The username of the staff member who recorded a cash, cheque or bank gift. */
  recordedBy: z.string().nullable(),
  /** The branch it was given to (docs/API.md, Branches): the giver's choice online, else the recorder's. */
  branchId: z.number().int(),
  refund: refundSchema.nullable(),
});
export type GiftAnswer = z.infer<typeof giftAnswerSchema>;

/** GET /giving/gifts/ filters (from/to: days, inclusive, of paidAt or else createdAt). */
export const giftQuerySchema = branchQuerySchema.extend({
  fund: z.coerce.number().int().positive().optional(),
  status: z.enum(GIFT_STATUSES).optional(),
  method: z.enum(GIFT_METHODS).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  q: z.string().trim().max(100).optional(),
  format: z.enum(['json', 'csv']).optional(),
});
export type GiftQuery = z.input<typeof giftQuerySchema>;

/** POST /giving/gifts/: a cash, cheque, bank or mobile money gift recorded by staff (paid on `date`). */
export const staffGiftBodySchema = z
  .strictObject({
    fund: fundRefSchema,
    amount: cedisAmountSchema,
    method: staffMethod,
    date: isoDate,
    name: giverName,
    ...staffGiftExtras,
    /** Default: the recorder's branch; another must lie in their scope (docs/API.md, Branches). */
    branchId: branchIdField.optional(),
  })
  .refine((g) => !g.transaction_id || g.method === 'mobile_money', momoOnly);
export type StaffGiftBody = z.input<typeof staffGiftBodySchema>;

/** POST /giving/batches/: a Sunday's envelopes counted together; `total` must equal the sum of the gifts. */
export const batchBodySchema = z
  .strictObject({
    date: isoDate,
    method: staffMethod,
    total: cedisSchema(BATCH_TOTAL_LIMITS, BATCH_TOTAL_MESSAGE),
    gifts: z
      .array(z.strictObject({ fund: fundRefSchema, amount: cedisAmountSchema, name: giverName, ...staffGiftExtras }))
      .min(1, 'Add at least one gift.')
      .max(500, 'At most 500 gifts in one batch.'),
    /** Every gift's branch. Default: the recorder's; another must lie in their scope (docs/API.md, Branches). */
    branchId: branchIdField.optional(),
  })
  .refine((b) => b.gifts.reduce((sum, g) => sum + g.amount, 0) === b.total, {
    path: ['total'],
    message: GIVING_TEXTS.batchTotal,
  })
  .superRefine((b, ctx) => {
    if (b.method === 'mobile_money') return;
    b.gifts.forEach((g, i) => {
      if (g.transaction_id)
        ctx.addIssue({ code: 'custom', path: ['gifts', i, 'transaction_id'], message: momoOnly.message });
    });
  });
export type BatchBody = z.input<typeof batchBodySchema>;

export const batchAnswerSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  method: z.enum(STAFF_GIFT_METHODS),
  /** Cedis. */
  total: z.number(),
  count: z.number().int(),
  gifts: z.array(giftAnswerSchema),
});
export type BatchAnswer = z.infer<typeof batchAnswerSchema>;

/** POST /giving/gifts/{id}/refund/: the whole gift unless `amount` (cedis) says less; `date` defaults to today. */
export const refundBodySchema = z.strictObject({
  amount: cedisAmountSchema.optional(),
  date: isoDate.optional(),
  reason: name('Reason').max(300, messages.maxLength(300)),
});
export type RefundBody = z.input<typeof refundBodySchema>;

/**
 * POST /giving/gifts/{id}/resolve/: a flagged gift, after staff looked at it: `paid` credits it (with `amount`,
 * in cedis, when what arrived differs from the gift) and sends the receipt; `failed` closes it. `note`: what staff
 * found (kept on the gift and in the activity log).
 */
export const RESOLVE_NOTE_MAX = 500;
export const resolveBodySchema = z.strictObject({
  status: z.enum(['paid', 'failed'], { error: 'status must be paid or failed' }),
  amount: cedisAmountSchema.optional(),
  note: optional(z.string().trim().max(RESOLVE_NOTE_MAX, messages.maxLength(RESOLVE_NOTE_MAX))),
});
export type ResolveBody = z.input<typeof resolveBodySchema>;

/** GET /giving/summary/?range=&branch= (branch: that branch and those below it, within the caller's scope). */
export const summaryQuerySchema = branchQuerySchema.extend({
  range: z.enum(GIVING_RANGES, { error: `range must be one of ${GIVING_RANGES.join(', ')}` }).default('30d'),
});

const periodTotals = z.object({
  /** Cedis of paid gifts (less refunds) in the period. */
  total: z.number(),
  count: z.number().int(),
});
export const summaryAnswerSchema = z.object({
  range: z.enum(GIVING_RANGES),
  /** Days, UTC: [start, end). */
  current: z.object({ start: z.string(), end: z.string() }),
  previous: z.object({ start: z.string(), end: z.string() }),
  funds: z.array(
    z.object({ fundId: z.number().int(), fund: z.string(), current: periodTotals, previous: periodTotals }),
  ),
  total: z.object({ current: periodTotals, previous: periodTotals }),
});
export type GivingSummary = z.infer<typeof summaryAnswerSchema>;

/** Funds as staff manage them. */
export const fundAnswerSchema = publicFundSchema.extend({
  active: z.boolean(),
  sort: z.number().int(),
  createdAt: z.string(),
});
export type FundAnswer = z.infer<typeof fundAnswerSchema>;

export const fundBodySchema = z.strictObject({
  name: name('Name').max(80, messages.maxLength(80)),
  description: z.string().trim().max(300, messages.maxLength(300)).optional().default(''),
  active: z.boolean().optional().default(true),
  sort: z.number().int().min(0).max(1000).optional().default(0),
});
export type FundBody = z.input<typeof fundBodySchema>;
export const fundChangeSchema = z.strictObject({
  name: name('Name').max(80, messages.maxLength(80)).optional(),
  description: z.string().trim().max(300, messages.maxLength(300)).optional(),
  active: z.boolean().optional(),
  sort: z.number().int().min(0).max(1000).optional(),
});
export type FundChange = z.input<typeof fundChangeSchema>;

// ---- Giving settings (the settings store's `giving` section) ----

/** How to give without Paystack, shown on /give when online giving is not set up (and beside it when it is). */
export const givingSettingsSchema = z.object({
  mobileMoney: z.object({ number: z.string(), network: z.string(), name: z.string() }),
  bank: z.object({ name: z.string(), accountName: z.string(), accountNumber: z.string(), branch: z.string() }),
});
export type GivingSettings = z.infer<typeof givingSettingsSchema>;

const detail = (max: number) => z.string().trim().max(max, messages.maxLength(max));
/** PATCH /settings/giving/: either section or both; a section given replaces the stored one. */
export const givingSettingsChangeSchema = z.strictObject({
  mobileMoney: z
    .strictObject({
      number: z.string().trim().max(40).regex(PHONE_PATTERN, messages.phone).or(z.literal('')),
      network: detail(60),
      name: detail(120),
    })
    .optional(),
  bank: z
    .strictObject({
      name: detail(120),
      accountName: detail(120),
      accountNumber: z
        .string()
        .trim()
        .max(40)
        .regex(/^[\d\s-]*$/, 'Digits, spaces or hyphens only'),
      branch: detail(120),
    })
    .optional(),
});
export type GivingSettingsChange = z.input<typeof givingSettingsChangeSchema>;

export const EMPTY_GIVING_SETTINGS: GivingSettings = {
  mobileMoney: { number: '', network: '', name: '' },
  bank: { name: '', accountName: '', accountNumber: '', branch: '' },
};

/**
 * Which of the church's own giving details are filled in (Settings → Giving): /give shows those, and the portal's
 * Notifications tell an administrator when neither is (issue 28).
 */
export function givingDetailsOf(settings: GivingSettings) {
  return { mobileMoney: Boolean(settings.mobileMoney.number), bank: Boolean(settings.bank.accountNumber) };
}

/**
 * /give's words when there is no online form (no Paystack, or no active fund): the ways to give that exist, and
 * never "the details below" with nothing below (issue 28).
 */
export function offlineGivingText(details: { mobileMoney: boolean; bank: boolean }): string {
  const ways = [details.mobileMoney && 'mobile money', details.bank && 'bank transfer'].filter(Boolean).join(' or ');
  return ways
    ? `Online giving is not available at the moment. You can give by ${ways} with the details below, or in the offering at any service.`
    : 'Online giving is not available at the moment. You can give in the offering at any service, or contact the church office and we will tell you how to give.';
}
