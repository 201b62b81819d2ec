// The honeypot: a field `website` people never see (lib/shared/visitors/form-posts.ts); a bot that fills it in is
// told its submission went through, and nothing is stored.
import { HONEYPOT_FIELD } from '../../lib/shared/visitors/form-posts';

/**
 * Whether the body took the bait; the field itself is taken out of the body either way. A form post's field comes as
 * every value it was sent with (public/form-posts.ts), so a bot that sends it twice, the last one empty, is caught.
 */
export function takesBait(body: Record<string, unknown>): boolean {
  const bait = body[HONEYPOT_FIELD];
  delete body[HONEYPOT_FIELD];
  return (Array.isArray(bait) ? bait : [bait]).some((value) =>
    typeof value === 'string' ? value.trim() !== '' : value != null && value !== false,
  );
}
