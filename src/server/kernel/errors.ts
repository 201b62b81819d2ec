// The API's error answers: {"detail": "..."} and, for validation, {"detail", "errors": {field: [msg]}}.
import type { Hook } from '@hono/zod-openapi';
import type { z } from 'zod';
import { fieldErrors } from '../../lib/shared/schemas';
import { RESET_LINK_INVALID } from '../../lib/shared/messages';
import type { AppEnv } from './context';

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 423 | 429 | 502 | 503,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    /** Extra answer headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
    /** A word a client acts on, beside the sentence it shows (e.g. 'mfa_enrolment_required'). */
    readonly code?: string,
  ) {
    super(detail);
  }
  body() {
    return {
      detail: this.detail,
      ...(this.errors && { errors: this.errors }),
      ...(this.code && { code: this.code }),
    };
  }
}

export const validationError = (error: z.ZodError) =>
  new ApiError(400, 'Please correct the highlighted fields.', fieldErrors(error));

export const fieldError = (field: string, message: string) => new ApiError(400, message, { [field]: [message] });

/**
 * The contracts' validation failures as the API has always answered them: a path parameter that names nothing
 * is a 404 with its schema's message; a bad query value is that field's error; a bad body lists every field.
 */
export const answerInvalid: Hook<unknown, AppEnv, string, void> = (result) => {
  if (result.success) return;
  const [issue] = result.error.issues;
  if (result.target === 'param') throw new ApiError(404, issue.message);
  if (result.target === 'query') throw fieldError(String(issue.path[0]), issue.message);
  throw validationError(result.error);
};

export const DETAIL = {
  unauthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Your session is invalid or has expired. Please sign in again.',
  invalidCredentials: 'Invalid username or password.',
  locked: 'Account is temporarily locked. Please try again later.',
  noWebAccess: 'Access denied. You do not have permission to access the admin panel.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  userNotFound: 'User not found.',
  malformedJson: 'Malformed JSON in the request body.',
  notAnObject: 'The request body must be a JSON object.',
  tooLarge: 'Request body is too large.',
  resetSent: 'If an account exists for that email, a reset link has been sent.',
  resetInvalid: RESET_LINK_INVALID,
  rateLimited: 'Too many submissions from your connection. Please try again later.',
} as const;
