// Reading request bodies. JSON bodies are read whatever their declared content type, an empty body counting as
// {}, as the API always has; the route contracts' zod validators only look at JSON-typed requests, so
// readJsonBody presents the body as the JSON it is. Avatars come as multipart form data. Each route that reads a
// body limits it (limitBody): JSON to 64 KB by default, uploads to their file's limit and an envelope.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './context';
import { ApiError, DETAIL } from './errors';

export const JSON_LIMIT = 64 * 1024;
/** Room for the multipart envelope around a maximal file, so a file just over its limit gets a clear answer. */
export const MULTIPART_ENVELOPE = 64 * 1024;

/**
 * Route middleware: refuses a body over `maxSize` bytes before it is read, with a 413 or the route's own refusal.
 * A request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112, 6.3) and is let through
 * untouched: touching the body makes @hono/node-server build a full web Request.
 */
export function limitBody(
  maxSize: number,
  tooLarge: () => ApiError = () => new ApiError(413, DETAIL.tooLarge),
): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw tooLarge();
    },
  });
  return (c, next) =>
    c.req.header('content-length') === undefined && c.req.header('transfer-encoding') === undefined
      ? next()
      : limit(c, next);
}

const jsonLimit = limitBody(JSON_LIMIT);

/** What a route may do with a JSON body before its contract judges it: take fields out, or answer instead. */
export type BodyLook = (body: Record<string, unknown>, c: Context<AppEnv>) => Response | undefined;

/** Route middleware of every route whose contract has a JSON body (after requireAuth where there is one). */
export const readJsonBody: MiddlewareHandler = (c, next) => readJson(c, next);

/** readJsonBody with a look at the object first (the public forms' honeypot, public/form-posts.ts). */
export const readJsonBodyWith =
  (look: BodyLook): MiddlewareHandler =>
  (c, next) =>
    readJson(c, next, look);

async function readJson(c: Context, next: () => Promise<void>, look?: BodyLook): Promise<Response | void> {
  let answer: Response | undefined;
  await jsonLimit(c, async () => {
    const text = await c.req.raw.text();
    let value: unknown = {};
    if (text.trim()) {
      try {
        value = JSON.parse(text);
      } catch {
        throw new ApiError(400, DETAIL.malformedJson);
      }
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw new ApiError(400, DETAIL.notAnObject);
    answer = look?.(value as Record<string, unknown>, c);
    if (answer) return;
    const headers = new Headers(c.req.raw.headers);
    headers.set('content-type', 'application/json');
    // The same move Hono's bodyLimit makes: the request, with a body the next reader can take.
    c.req.raw = new Request(c.req.raw, { headers, body: JSON.stringify(value) });
    await next();
  });
  return answer;
}

const AVATAR_FIELD_ERROR = { avatar: ['Please choose an image file.'] };

/** The `avatar` field of a multipart upload (the file itself is judged by media/storage.ts). */
export async function readAvatarField(c: Context): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) {
    throw new ApiError(400, 'Send the avatar as multipart/form-data in a field named avatar.', AVATAR_FIELD_ERROR);
  }
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ApiError(400, 'The upload could not be read as multipart form data.');
  }
  const unknown = Object.keys(form).filter((k) => k !== 'avatar');
  if (unknown.length) {
    const message = `Unknown field(s): ${unknown.join(', ')}`;
    throw new ApiError(400, message, { _: [message] });
  }
  return form.avatar;
}
