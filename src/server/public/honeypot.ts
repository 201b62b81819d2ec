// The honeypot: a field `website` people never see (lib/shared/visitors/form-posts.ts); a bot that fills it in is
// told its submission went through, and nothing is stored.
import { HONEYPOT_FIELD } from '../../lib/shared/visitors/form-posts';

/** Whether the body took the bait; the field itself is taken out of the body either way. */
export function takesBait(body: Record<string, unknown>): boolean {
  const bait = body[HONEYPOT_FIELD];
  delete body[HONEYPOT_FIELD];
  return typeof bait === 'string' ? bait.trim() !== '' : bait != null && bait !== false;
}
