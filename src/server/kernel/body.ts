// Reading request bodies. JSON bodies are read whatever their declared content type, an empty body counting as
// {}, as the API always has; the route contracts' zod validators only look at JSON-typed requests, so
// readJsonBody presents the body as the JSON it is. Avatars come as multipart form data.
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError, DETAIL } from './errors';

/** Route middleware of every route whose contract has a JSON body (after requireAuth where there is one). */
export const readJsonBody: MiddlewareHandler = async (c, next) => {
  const text = await c.req.raw.text();
  let value: unknown = {};
  if (text.trim()) {
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiError(400, DETAIL.malformedJson);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ApiError(400, DETAIL.notAnObject);
  const headers = new Headers(c.req.raw.headers);
  headers.set('content-type', 'application/json');
  // The same move Hono's bodyLimit makes: the request, with a body the next reader can take.
  c.req.raw = new Request(c.req.raw, { headers, body: JSON.stringify(value) });
  await next();
};

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
