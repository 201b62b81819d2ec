// The pieces every route contract (createRoute of @hono/zod-openapi) is built from, so that a feature's
// routes.ts reads as a list of contracts: JSON answers and bodies, the bearer scheme, the documented refusals.
// zod as @hono/zod-openapi extends it (with .openapi()).
import { z } from '@hono/zod-openapi';
import type { Context, TypedResponse } from 'hono';
import { errorSchema, userSchema } from '../../lib/shared/api-schemas';
import { securityOf } from './doors';

/**
 * Answers several routes give, named so the document lists each once (components/schemas) and refers to it.
 * Named here rather than in lib/shared: .openapi() comes with @hono/zod-openapi, which browsers never load.
 */
export const UserAnswer = userSchema.openapi('User');
const ErrorAnswer = errorSchema.openapi('Error');

/** The security requirement of every route behind requireAuth (kernel/doors.ts; registered in app.ts). */
export const BEARER = securityOf('bearer');

/** JSON answers smaller than this go uncompressed: gzip saves a few hundred bytes at a millisecond's work. */
export const GZIP_FROM_BYTES = 1024;

/**
 * Marks a JSON answer of GZIP_FROM_BYTES or more for the app's gzip (http/app.ts runs it only on answers so marked);
 * answers the text's length in bytes.
 */
export function markLargeJson(c: { set(key: 'gzipAnswer', value: boolean): void }, text: string): number {
  const bytes = Buffer.byteLength(text);
  if (bytes >= GZIP_FROM_BYTES) c.set('gzipAnswer', true);
  return bytes;
}

/**
 * An answer made earlier and kept (../users/signed-in.ts, ../users/cached-answers.ts), sent as it is: a 200's
 * body is a T serialised. A Response with plain headers, which @hono/node-server writes straight out (c.body
 * with several headers builds a web Headers object first).
 */
export const sentAsIs = <T = unknown>(
  body: string | Buffer | null,
  status: 200 | 304,
  headers: Record<string, string>,
) => new Response(body as BodyInit | null, { status, headers }) as Response & TypedResponse<T, 200, 'json'>;

export const jsonAnswer = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const Detail = z.object({ detail: z.string() });

/** A refusal a route gives besides the documented ones (refusals below), a 409 say: its detail says why. */
export const detailAnswer = (description: string) => jsonAnswer(Detail, description);

/** A list answered as JSON, or as a CSV file when the query asks ?format=csv (csvFile sends it). */
export const jsonOrCsvAnswer = <S extends z.ZodType>(row: S, description: string) => ({
  description,
  content: { 'application/json': { schema: z.array(row) }, 'text/csv': { schema: z.string() } },
});

/** A CSV download named `filename`, as the 200 of a jsonOrCsvAnswer route. */
export const csvFile = (c: Context, csv: string, filename: string) =>
  c.body(csv, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
  }) as never;

/** A JSON object body. The route's middleware must include readJsonBody (kernel/body.ts); openapi.test.ts checks. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { 'application/json': { schema } },
});

const REFUSALS = {
  400: 'Invalid input: {"detail", "errors": {field: [message]}}',
  401: 'Not signed in, or the session has expired',
  403: 'Not allowed (docs/PRODUCT.md, Roles and permissions)',
  404: 'No such resource',
  423: 'Too many failed sign-ins: locked for a while',
  429: 'Too many attempts from this address: try again after Retry-After seconds',
  503: 'Too busy just now: try again after Retry-After seconds',
} as const;
/** The status of a refusal a contract can document. */
export type RefusalCode = keyof typeof REFUSALS;

/** The refusals a route documents, each with the one error shape. */
export function refusals<C extends RefusalCode>(...codes: C[]) {
  return Object.fromEntries(codes.map((code) => [code, jsonAnswer(ErrorAnswer, REFUSALS[code])])) as {
    [K in C]: ReturnType<typeof jsonAnswer<typeof ErrorAnswer>>;
  };
}

/**
 * An upload: multipart form data with one file field (avatar, audio). Declared as a plain OpenAPI schema rather
 * than zod on purpose, so no generic form validator runs: the upload code reads the form and judges the file by
 * its bytes (media/), each with the messages docs/API.md gives.
 */
const fileUpload = (field: string) => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object' as const,
        properties: { [field]: { type: 'string' as const, format: 'binary' } },
        required: [field],
      },
    },
  },
});

export const avatarUpload = fileUpload('avatar');
export const audioUpload = fileUpload('audio');
