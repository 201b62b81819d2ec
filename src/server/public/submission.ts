// What every public submission (a contact message, a prayer request, an event registration) shares:
// - its body comes as JSON from an island, or as an HTML form post from the same form before or without
//   JavaScript; readSubmission turns a form post into the JSON the route contract validates, so one zod
//   schema judges both;
// - a filled honeypot field `website` gets an answer that looks like success, and nothing is stored;
// - one client address may make PUBLIC_RATE_LIMIT submissions of each kind in ten minutes, the next gets a
//   429 with Retry-After (TRUST_PROXY decides whether X-Forwarded-For is believed);
// - a form post's success is a 303 back to its page; its refusal a small HTML page (see app.ts's onError).
import { createHmac } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Kysely } from 'kysely';
import type { AppDeps, AppEnv } from '../kernel/context';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { ApiError, DETAIL } from '../kernel/errors';
import { readJsonBody } from '../kernel/body';
import { HONEYPOT_FIELD } from '../../lib/shared/visitors/form-posts';

export type SubmissionKind = 'contact' | 'prayer' | 'registration';

export const RATE_WINDOW_MS = 10 * 60 * 1000;

/** How a form post's text values become the JSON the contract expects. */
export interface FormShape {
  /** Fields that may repeat (checkbox groups): always an array. */
  arrays?: readonly string[];
  /** Checkboxes and yes/no radios: 'on', 'true', '1' are true; '', 'false', '0' are false. */
  booleans?: readonly string[];
  /** Whole numbers ("seats"); anything not a number is left as text for the schema to refuse. */
  numbers?: readonly string[];
}

export interface SubmissionOptions extends FormShape {
  /** What a bot that filled the honeypot is told: a JSON body shaped like the real success, and its status. */
  decoy: (body: Record<string, unknown>) => { status: 200 | 201; body: unknown };
  /** Where a form post goes back to on success (a path on this site, with the fragment its page shows). */
  back: (c: Context<AppEnv>) => string;
}

/**
 * Route middleware (before the contract's validator) of every public submission: reads JSON or a form post,
 * answers the honeypot, and hands the validator JSON without the honeypot field.
 */
export function readSubmission(options: SubmissionOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    const isForm = type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
    let body: Record<string, unknown>;
    if (isForm) {
      c.set('formPost', true);
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody({ all: true });
      } catch {
        throw new ApiError(400, DETAIL.malformedJson);
      }
      body = fromForm(form, options);
    } else {
      await readJsonBody(c, async () => {});
      body = (await c.req.raw.clone().json()) as Record<string, unknown>;
    }
    const bait = body[HONEYPOT_FIELD];
    if (typeof bait === 'string' ? bait.trim() !== '' : bait != null && bait !== false) {
      const { status, body: answer } = options.decoy(body);
      return c.get('formPost') ? c.redirect(options.back(c), 303) : c.json(answer, status);
    }
    delete body[HONEYPOT_FIELD];
    const headers = new Headers(c.req.raw.headers);
    headers.set('content-type', 'application/json');
    c.req.raw = new Request(c.req.raw, { headers, body: JSON.stringify(body) });
    // Hono keeps the form it parsed and would hand those bytes to the JSON validator: forget them.
    c.req.bodyCache = {};
    await next();
  };
}

function fromForm(form: Record<string, string | File | (string | File)[]>, shape: FormShape) {
  const body: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(form)) {
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
    if (shape.arrays?.includes(key)) body[key] = values;
    else if (shape.booleans?.includes(key)) body[key] = ['on', 'true', '1'].includes(values.at(-1) ?? '');
    else if (shape.numbers?.includes(key) && /^\d+$/.test(values.at(-1) ?? '')) body[key] = Number(values.at(-1));
    else body[key] = values.at(-1) ?? '';
  }
  for (const key of shape.arrays ?? []) body[key] ??= [];
  return body;
}

/** The success answer: JSON for a script, 303 back to the page for a form post. */
export function answerSubmission<T>(c: Context<AppEnv>, body: T, status: 200 | 201, back: string) {
  if (c.get('formPost')) return c.redirect(back, 303);
  return c.json(body, status);
}

/**
 * The caller's address as a keyed hash, so the submission log never holds an address. Behind a proxy
 * (TRUST_PROXY) it is the last X-Forwarded-For entry, the one the proxy itself added; earlier entries are
 * whatever the client claimed.
 */
export function clientKey(c: Context<AppEnv>, deps: AppDeps): string {
  let address: string | undefined;
  if (deps.config.trustProxy) {
    address = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() || undefined;
  }
  if (!address) {
    try {
      address = getConnInfo(c).remote.address;
    } catch {
      // No socket (an in-process request): one shared key, still limited.
    }
  }
  return createHmac('sha256', deps.config.jwtSecret)
    .update(address ?? 'unknown')
    .digest('hex')
    .slice(0, 32);
}

// One admission at a time per kind and client within this process, so a burst from one address cannot all
// pass the count before any of them is recorded.
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `store` if the client has submissions of this kind left in the window, recording the submission in
 * the same transaction; otherwise a 429 with Retry-After and nothing stored.
 */
export async function admitSubmission<T>(
  c: Context<AppEnv>,
  deps: AppDeps,
  kind: SubmissionKind,
  store: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const key = clientKey(c, deps);
  const slot = `${kind}:${key}`;
  const previous = queues.get(slot) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => admit(deps, kind, key, store));
  queues.set(slot, run);
  try {
    return await run;
  } finally {
    if (queues.get(slot) === run) queues.delete(slot);
  }
}

async function admit<T>(
  deps: AppDeps,
  kind: SubmissionKind,
  key: string,
  store: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const db = deps.database.db;
  const now = deps.now();
  const since = iso(now - RATE_WINDOW_MS);
  const recent = await db
    .selectFrom('public_submissions')
    .select('created_at')
    .where('kind', '=', kind)
    .where('client_key', '=', key)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  if (recent.length >= deps.config.publicRateLimit) {
    const oldest = Date.parse(recent[0].created_at);
    const retryAfter = Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - now) / 1000));
    throw new ApiError(429, DETAIL.rateLimited, undefined, { 'Retry-After': String(retryAfter) });
  }
  return db.transaction().execute(async (trx) => {
    const result = await store(trx);
    await trx
      .deleteFrom('public_submissions')
      .where('kind', '=', kind)
      .where('client_key', '=', key)
      .where('created_at', '<=', since)
      .execute();
    await trx
      .insertInto('public_submissions')
      .values({ kind, client_key: key, created_at: iso(now) })
      .execute();
    return result;
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A refused form post, for a visitor without JavaScript: the messages and the way back. The browser's Back
 * button returns to the form with what they typed still in it.
 */
export function refusalPage(error: ApiError): string {
  const messages = Object.values(error.errors ?? {}).flat();
  const items = (messages.length ? messages : [error.detail]).map((m) => `<li>${escapeHtml(m)}</li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Please check your form</title></head><body><main><h1>Please check your form</h1><ul>${items}</ul><p>Use your browser's Back button to return to the form: what you typed is still there.</p></main></body></html>`;
}
