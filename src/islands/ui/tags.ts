import { MAX_LIST_TAGS } from '../../lib/shared/constants';

/** The first tags to show in a list and the '+N more' text for the rest (null when none are hidden). */
export function visibleTags(tags: readonly string[], max = MAX_LIST_TAGS): { shown: string[]; more: string | null } {
  const shown = tags.slice(0, Math.max(0, max));
  const hidden = tags.length - shown.length;
  return { shown, more: hidden > 0 ? `+${hidden} more` : null };
}
