// Giving (docs/API.md, Giving): anyone lists the funds and starts a gift (JSON, or the /give form without
// JavaScript); Paystack's webhook credits it; ADMIN and above (GIVING_ROLE) see and record gifts, envelopes,
// refunds, flagged gifts, the summary and the funds, and the giving settings (mounted at /settings/giving/).
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { canSeeGiving } from '../../lib/shared/permissions';
import {
  GIVING_TEXTS,
  batchAnswerSchema,
  batchBodySchema,
  fundAnswerSchema,
  fundBodySchema,
  fundChangeSchema,
  giftAnswerSchema,
  giftBodySchema,
  giftQuerySchema,
  giftStartedSchema,
  givingSettingsChangeSchema,
  givingSettingsSchema,
  publicFundSchema,
  refundBodySchema,
  resolveBodySchema,
  staffGiftBodySchema,
  summaryAnswerSchema,
  summaryQuerySchema,
} from '../../lib/shared/giving/api';
import { toCsv } from '../../lib/shared/csv';
import type { AppDeps, AppEnv, MemberSession } from '../kernel/context';
import { clientOf } from '../kernel/client';
import { requireAuth } from '../kernel/sign-in';
import { csvFile, jsonAnswer, jsonOrCsvAnswer, detailAnswer } from '../kernel/contract';
import { DELETED, allowed, changeById, createBy, deleteById, route, wholeId } from '../kernel/routes';
import { createInCallerScope } from '../kernel/item-routes';
import { limitBody } from '../kernel/body';
import { answerSubmission, publicForm } from '../public/form-posts';
import { optionalMember } from '../members/session';
import { activeFunds, allFunds, changeFund, createFund, deleteFund } from './funds';
import { receiveWebhook, startGift } from './online';
import { listGifts } from './gifts';
import { recordBatch, recordGift } from './recorded';
import { refundGift } from './refunds';
import { resolveGift } from './flagged';
import { givingSettings, saveGivingSettings } from './settings';
import { givingSummary } from './summary';
import { listScope, scopedItem } from '../kernel/scope';
import { settingRoutes } from '../settings/routes';

const GiftAnswer = giftAnswerSchema.openapi('Gift');
const FundAnswer = fundAnswerSchema.openapi('Fund');
const GiftId = z.object({ id: wholeId(GIVING_TEXTS.giftNotFound) });
const FundId = z.object({ id: wholeId(GIVING_TEXTS.fundNotFound) });
const mayGive = allowed(canSeeGiving);

/** Paystack's webhooks are small; anything larger is not one. */
const WEBHOOK_LIMIT = 64 * 1024;

export function givingRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  /** The staff calls' door: ADMIN and above; a gift's {id} must be in the caller's scope. */
  const admin = [requireAuth(deps), mayGive];
  const giftItem = [...admin, scopedItem(deps, 'gifts', GIVING_TEXTS.giftNotFound)];
  const db = deps.database.db;
  app.openapi(
    route('get', '/funds/', 'The funds that take gifts, in order (anyone)', {
      200: jsonAnswer(z.array(publicFundSchema), 'Active funds'),
    }),
    async (c) => c.json(await activeFunds(db), 200),
  );

  app.openapi(
    route(
      'post',
      '/',
      "Start a gift (anyone; JSON or the /give form): a pending gift with its own reference, and Paystack's checkout to pay it",
      {
        ...publicForm({
          decoy: () => ({ status: 201, body: { reference: '', authorization_url: '' } }),
          back: () => '/give',
        }),
        // A member signed in to /my gives as themselves: the gift shows among their own.
        memberOrNot: optionalMember(deps),
        json: giftBodySchema,
        201: jsonAnswer(giftStartedSchema, 'Started: send the giver to authorization_url'),
        303: { description: 'An HTML form post: on to the checkout' },
        429: { description: 'Too many submissions from this address: try again after Retry-After seconds' },
        502: detailAnswer('Paystack is down or refused: nothing is left pending'),
        503: detailAnswer('Online giving is not set up'),
      },
    ),
    async (c) => {
      const member: MemberSession | undefined = c.get('member');
      const started = await startGift(deps, clientOf(c, deps.config).key, member?.user.id ?? null, c.req.valid('json'));
      return answerSubmission(c, started, 201, started.authorization_url);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/webhooks/paystack/',
      summary:
        "Paystack's events: the x-paystack-signature (hex HMAC-SHA512 of the raw body) checked first; charge.success verified with Paystack, then credited once",
      middleware: [limitBody(WEBHOOK_LIMIT)],
      responses: {
        200: jsonAnswer(z.object({ received: z.literal(true) }), 'Taken (a repeat changes nothing)'),
        401: detailAnswer('No signature, or a wrong one: nothing changes'),
        502: detailAnswer('Paystack could not be asked about the payment: Paystack sends it again'),
      },
    }),
    async (c) => {
      // The signature is over the bytes as sent: read them raw, before anything parses them.
      const raw = new Uint8Array(await c.req.arrayBuffer());
      await receiveWebhook(deps, raw, c.req.raw.headers);
      return c.json({ received: true as const }, 200);
    },
  );

  app.openapi(
    route(
      'get',
      '/gifts/',
      'Gifts, newest first, by fund, status, method, dates and search; ?format=csv (ADMIN and above)',
      {
        signedIn: admin,
        query: giftQuerySchema,
        200: jsonOrCsvAnswer(GiftAnswer, 'Newest first (CSV: the same columns, formula-looking cells escaped)'),
      },
    ),
    async (c) => {
      const query = c.req.valid('query');
      const gifts = await listGifts(db, await listScope(c, deps, query.branch), query);
      if (query.format !== 'csv') return c.json(gifts, 200);
      const header = [
        'id',
        'reference',
        'fund',
        'amount',
        'currency',
        'status',
        'method',
        'name',
        'email',
        'paidAt',
        'createdAt',
      ] as const;
      const csv = toCsv([header, ...gifts.map((g) => header.map((key) => g[key]))]);
      return csvFile(c, csv, 'gifts.csv');
    },
  );

  app.openapi(
    route('post', '/gifts/', 'Record a cash, cheque, bank or mobile money gift (ADMIN and above)', {
      signedIn: admin,
      json: staffGiftBodySchema,
      201: jsonAnswer(GiftAnswer, 'Recorded as paid on its date'),
    }),
    createInCallerScope(deps, recordGift),
  );

  app.openapi(
    route('post', '/batches/', "Record a batch of envelopes; the total must equal the gifts' sum (ADMIN and above)", {
      signedIn: admin,
      json: batchBodySchema,
      201: jsonAnswer(batchAnswerSchema, 'Recorded'),
    }),
    createInCallerScope(deps, recordBatch),
  );

  app.openapi(
    route('post', '/gifts/{id}/refund/', 'Refund a paid gift, whole or in part (ADMIN and above)', {
      signedIn: giftItem,
      params: GiftId,
      json: refundBodySchema,
      200: jsonAnswer(GiftAnswer, 'Refunded'),
      409: detailAnswer('Not a paid gift'),
    }),
    changeById(deps, refundGift),
  );

  app.openapi(
    route('post', '/gifts/{id}/resolve/', 'Settle a flagged gift as paid (receipt sent) or failed (ADMIN and above)', {
      signedIn: giftItem,
      params: GiftId,
      json: resolveBodySchema,
      200: jsonAnswer(GiftAnswer, 'Resolved'),
      409: detailAnswer('Not flagged'),
    }),
    changeById(deps, resolveGift),
  );

  app.openapi(
    route('get', '/summary/', 'Paid gifts per fund for the range and the period before (ADMIN and above)', {
      signedIn: admin,
      query: summaryQuerySchema,
      200: jsonAnswer(summaryAnswerSchema, 'Cedis'),
    }),
    async (c) => {
      const { range, branch } = c.req.valid('query');
      return c.json(await givingSummary(db, await listScope(c, deps, branch), range, deps.now()), 200);
    },
  );

  app.openapi(
    route('get', '/funds/all/', 'Every fund, inactive ones too (ADMIN and above)', {
      signedIn: admin,
      200: jsonAnswer(z.array(FundAnswer), 'In order'),
    }),
    async (c) => c.json(await allFunds(db), 200),
  );

  app.openapi(
    route('post', '/funds/', 'Add a fund (ADMIN and above)', {
      signedIn: admin,
      json: fundBodySchema,
      201: jsonAnswer(FundAnswer, 'Added'),
      409: detailAnswer('The name is taken'),
    }),
    createBy(deps, createFund),
  );

  app.openapi(
    route('patch', '/funds/{id}/', 'Rename, describe, order, or (de)activate a fund (ADMIN and above)', {
      signedIn: admin,
      params: FundId,
      json: fundChangeSchema,
      200: jsonAnswer(FundAnswer, 'Changed'),
      409: detailAnswer('The name is taken'),
    }),
    changeById(deps, changeFund),
  );

  app.openapi(
    route('delete', '/funds/{id}/', 'Delete a fund that has no gifts (ADMIN and above)', {
      signedIn: admin,
      params: FundId,
      ...DELETED,
      409: detailAnswer('The fund has gifts: make it inactive instead'),
    }),
    deleteById(deps, deleteFund),
  );

  return app;
}

/** Mounted at /settings/giving/: how to give without Paystack, shown on /give (ADMIN and above). */
export function givingSettingsRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  settingRoutes(app, deps, '/', {
    setting: 'giving details',
    answer: givingSettingsSchema,
    read: {
      summary: "The church's mobile money and bank details for giving (ADMIN and above)",
      signedIn: [auth, mayGive],
    },
    change: {
      method: 'patch',
      summary: 'Change the mobile money or bank details (ADMIN and above)',
      signedIn: [auth, mayGive],
      body: givingSettingsChangeSchema,
    },
    load: givingSettings,
    details: () => null,
    save: saveGivingSettings,
  });
  return app;
}
