// The one form-post layer: every HTML form post (the public forms, the sign-in pages', /my's; /checkin's forms are
// its script's, which keeps a station working offline) is run as the same JSON call a script makes, by the app
// itself, and that call's answer becomes the form's: success a 303 to the page the handler names (formAnswer), a
// refusal a 303 to the form's page with its word (a route's `refused`) or else a small HTML page of the messages
// (refusalPage). So a form and a script meet one handler, one zod schema and one set of refusals, and nothing here
// touches the request's body once it is read or Hono's insides: the JSON call is a new request. A route takes form
// posts with the `form` part of its contract (kernel/routes.ts); http/app.ts hands the layer the app (`runAsJson`),
// on form posts only.
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv, FormCall } from './context';
import { DETAIL } from './errors';
import { JSON_LIMIT, limitBody } from './body';

/** How a form post's text values become the JSON the contract expects. */
export interface FormShape {
  /** Fields that may repeat (checkbox groups): always an array. */
  arrays?: readonly string[];
  /** Checkboxes and yes/no radios: 'on', 'true', '1' are true; anything else false. */
  booleans?: readonly string[];
  /** A form whose unticked checkboxes mean "no": a boolean the form did not send is false. */
  unticked?: boolean;
  /** Whole numbers ("seats"); anything not a number is left as text for the schema to refuse. */
  numbers?: readonly string[];
}

/** A refused call as the API answers it. */
export interface Refusal {
  status: number;
  detail: string;
  errors?: Record<string, string[]>;
}

export interface FormOptions extends FormShape {
  /** Where a refusal the form's page can say itself goes (its page with ?error=…); undefined: the refusal page. */
  refused?: (refusal: Refusal, fields: Record<string, unknown>) => string | undefined;
}

export const isFormPost = (c: Context) => {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A refused form post, for a visitor without JavaScript: the messages and the way back. The browser's Back button
 * returns to the form with what they typed still in it.
 */
export function refusalPage(error: { detail: string; errors?: Record<string, string[]> }): string {
  const messages = Object.values(error.errors ?? {}).flat();
  const items = (messages.length ? messages : [error.detail]).map((m) => `<li>${escapeHtml(m)}</li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Please check your form</title></head><body><main><h1>Please check your form</h1><ul>${items}</ul><p>Use your browser's Back button to return to the form: what you typed is still there.</p></main></body></html>`;
}

const formLimit = limitBody(JSON_LIMIT);

/** The form-post layer of one route (its contract's `form` part): JSON calls pass straight on. */
export function formPosts(options: FormOptions = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const runAsJson = c.get('runAsJson');
    if (!runAsJson) return next();
    // Too large a body is the API's 413, whatever sent it.
    await formLimit(c, async () => {});
    let fields: Record<string, unknown>;
    try {
      fields = fromForm(await c.req.parseBody({ all: true }), options);
    } catch {
      return refused(c, { status: 400, detail: DETAIL.malformedJson }, options, {});
    }
    const call: FormCall = {};
    const answer = await runAsJson(jsonCall(c, fields), call);
    // A sign-in or sign-out sets its cookie on the form's answer.
    for (const cookie of answer.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    if (answer.status < 400) {
      if (!call.next) throw new Error(`${c.req.method} ${c.req.path} takes form posts but named no page (formAnswer).`);
      return c.redirect(call.next, 303);
    }
    const body = (await answer.json().catch(() => ({}))) as Partial<Refusal>;
    const retryAfter = answer.headers.get('retry-after');
    return refused(
      c,
      { status: answer.status, detail: body.detail ?? '', errors: body.errors },
      options,
      fields,
      retryAfter ? { 'Retry-After': retryAfter } : undefined,
    );
  };
}

function refused(
  c: Context<AppEnv>,
  refusal: Refusal,
  options: FormOptions,
  fields: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  const to = options.refused?.(refusal, fields);
  if (to) return c.redirect(to, 303);
  return c.html(refusalPage(refusal), refusal.status as ContentfulStatusCode, headers);
}

/** The form post as the JSON call a script would make: its method, address and headers, the fields as JSON. */
function jsonCall(c: Context<AppEnv>, fields: Record<string, unknown>): Request {
  const json = JSON.stringify(fields);
  const headers = new Headers(c.req.raw.headers);
  for (const name of ['content-length', 'transfer-encoding', 'accept-encoding']) headers.delete(name);
  headers.set('content-type', 'application/json');
  headers.set('content-length', String(Buffer.byteLength(json)));
  return new Request(c.req.url, { method: c.req.method, headers, body: json });
}

function fromForm(form: Record<string, string | File | (string | File)[]>, shape: FormShape) {
  const body: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(form)) {
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
    const last = values.at(-1) ?? '';
    if (shape.arrays?.includes(key)) body[key] = values;
    else if (shape.booleans?.includes(key)) body[key] = ['on', 'true', '1'].includes(last);
    else if (shape.numbers?.includes(key) && /^\d+$/.test(last)) body[key] = Number(last);
    else body[key] = last;
  }
  for (const key of shape.arrays ?? []) body[key] ??= [];
  if (shape.unticked) for (const key of shape.booleans ?? []) body[key] ??= false;
  return body;
}

/** The form post this JSON call runs for, if it is one (http/app.ts passes it with the call). */
const formCallOf = (c: Context<AppEnv>) => c.env?.formCall;

/** The answer of a call that takes form posts: the JSON a script gets; a form post goes on to `next`. */
export function formAnswer<T, S extends 200 | 201 | 202>(c: Context<AppEnv>, body: T, status: S, next: string) {
  const call = formCallOf(c);
  if (call) call.next = next;
  return c.json(body, status);
}

/** The same for a call that answers no body (204). */
export function formDone(c: Context<AppEnv>, next: string) {
  const call = formCallOf(c);
  if (call) call.next = next;
  return c.body(null, 204);
}
