// The public forms' bodies (a contact message, a prayer request, an event registration, a reset request): JSON
// from an island, or an HTML form post from the same form before or without JavaScript. readSubmission turns a
// form post into the JSON the route contract validates, so one zod schema judges both; a form post's success is
// a 303 back to its page, its refusal a small HTML page (./refusal-page.ts). The honeypot is ./honeypot.ts's,
// the per-address limit ./limit.ts's.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../kernel/context';
import { ApiError, DETAIL } from '../kernel/errors';
import { JSON_LIMIT, limitBody, readJsonBody } from '../kernel/body';
import { takesBait } from './honeypot';
import { HTML_FORM_POST } from './refusal-page';

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

const isFormPost = (c: Context) => {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
};

/** Route middleware of a small form (no fields, e.g. "I prayed"): a form post is answered as one. */
export const markFormPost: MiddlewareHandler<AppEnv> = (c, next) => {
  if (isFormPost(c)) c.set('formPost', HTML_FORM_POST);
  return next();
};

const formLimit = limitBody(JSON_LIMIT);

/**
 * Route middleware (before the contract's validator) of every public submission: reads JSON or a form post,
 * answers the honeypot, and hands the validator JSON without the honeypot field.
 */
export function readSubmission(options: SubmissionOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let body: Record<string, unknown>;
    if (isFormPost(c)) {
      await formLimit(c, async () => {});
      c.set('formPost', HTML_FORM_POST);
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
    if (takesBait(body)) {
      const { status, body: answer } = options.decoy(body);
      return c.get('formPost') ? c.redirect(options.back(c), 303) : c.json(answer, status);
    }
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
