// The public forms' bodies (a contact message, a prayer request, an event registration, a reset request, a gift):
// JSON from an island, or an HTML form post from the same form before or without JavaScript, which the kernel's
// form-post layer (kernel/form-posts.ts) runs as that JSON call. What the public forms add is the honeypot
// (./honeypot.ts): a bot that filled it in is told its submission went through. The per-address limit is ./limit.ts's.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../kernel/context';
import type { BodyLook } from '../kernel/body';
import { formAnswer, formPosts, type FormOptions, type FormShape } from '../kernel/form-posts';
import { HONEYPOT_FIELD } from '../../lib/shared/visitors/form-posts';
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
 * The parts of a public submission's contract (route() of kernel/routes.ts, beside its `json`): a form post is run as
 * its JSON call (`form`); the JSON's honeypot is answered with the decoy, and the contract gets the JSON without the
 * honeypot field (`look`).
 */
export function publicForm({ decoy, back, ...shape }: SubmissionOptions): { form: FormOptions; look: BodyLook } {
  return {
    // Every value of the honeypot, not only the last one sent.
    form: { ...shape, arrays: [...(shape.arrays ?? []), HONEYPOT_FIELD] },
    look: (body, c) => {
      if (!takesBait(body)) return undefined;
      const { status, body: answer } = decoy(body);
      return formAnswer(c, answer, status, back(c));
    },
  };
}

/** The success answer: JSON for a script; a form post goes back to the page. */
export const answerSubmission = formAnswer;
