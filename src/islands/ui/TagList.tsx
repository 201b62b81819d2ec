// Tags as small chips: at most `max` (3 in lists, docs/PRODUCT.md (Constants)), then '+N more'.
import { MAX_LIST_TAGS } from '../../lib/shared/constants';
import { visibleTags } from './tags';

export function TagList({ tags, max = MAX_LIST_TAGS }: { tags: readonly string[]; max?: number }) {
  const { shown, more } = visibleTags(tags, max);
  if (!tags.length) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Tags">
      {shown.map((tag) => (
        <li key={tag} className="rounded-md bg-hover px-2 py-0.5 text-xs text-text">
          #{tag}
        </li>
      ))}
      {more && <li className="px-1 py-0.5 text-xs text-muted">{more}</li>}
    </ul>
  );
}
