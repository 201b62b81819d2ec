// Reading request bodies: JSON text parsed by hand so that malformed JSON is a clear 400, then the
// shared zod schema (unknown fields are refused by the strict schemas).
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, DETAIL, validationError } from './errors';

export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, DETAIL.malformedJson);
  }
}

export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const raw = await readJson(c);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ApiError(400, 'The request body must be a JSON object.');
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function isMultipart(c: Context): boolean {
  return (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
}
