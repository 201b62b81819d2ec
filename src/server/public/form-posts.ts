// The public forms' bodies (a contact message, a prayer request, an event registration, a reset request, a gift):
// JSON from an island, or an HTML form post from the same form before or without JavaScript, which the kernel's
// form-post layer (kernel/form-posts.ts) runs as that JSON call. What the public forms add is the honeypot
// (./honeypot.ts): a bot that filled it in is told its submission went through. The per-address limit is ./limit.ts's.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../kernel/context';
import { readJsonBodyWith } from '../kernel/body';
import { formAnswer, formPosts, type FormShape } from '../kernel/form-posts';
import { takesBait } from './honeypot';

export interface SubmissionOptions extends FormShape {
  /** What a bot that filled the honeypot is told: a JSON body shaped like the real success, and its status. */
  decoy: (body: Record<string, unknown>) => { status: 200 | 201; body: unknown };
  /** Where a form post goes back to when it took the bait (a path on this site, with the fragment its page shows). */
  back: (c: Context<AppEnv>) => string;
}

/** Route middleware of a small form (no fields, e.g. "I prayed"): a form post is answered as one. */
export const markFormPost: MiddlewareHandler<AppEnv> = formPosts();

/**
 * Route middleware (before the contract's validator) of every public submission: a form post is run as its JSON
 * call; the JSON's honeypot is answered, and the validator gets the JSON without the honeypot field.
 */
export function readSubmission(options: SubmissionOptions): MiddlewareHandler<AppEnv> {
  const form = formPosts(options);
  const honeypot = readJsonBodyWith((body, c) => {
    if (!takesBait(body)) return undefined;
    const { status, body: answer } = options.decoy(body);
    return formAnswer(c, answer, status, options.back(c));
  });
  return (c, next) => (c.get('runAsJson') ? form(c, next) : honeypot(c, next));
}

/** The success answer: JSON for a script; a form post goes back to the page. */
export const answerSubmission = formAnswer;
