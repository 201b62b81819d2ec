// One entry of a content screen's card list: its badges, its title (a button that opens the details unless
// `plainTitle`), the screen's own lines (children), its tags and the View Details button, then any actions.
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Card } from './Card';
import { TagList } from './TagList';

export function ItemCard({
  title,
  badges,
  tags,
  onOpen,
  plainTitle = false,
  actions,
  children,
}: {
  title: string;
  badges: ReactNode;
  tags: readonly string[];
  onOpen: () => void;
  plainTitle?: boolean;
  /** More buttons after View Details. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card as="li" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">{badges}</div>
      <h2 className="text-lg font-semibold text-text">
        {plainTitle ? (
          title
        ) : (
          <button type="button" className="text-left hover:underline" onClick={onOpen}>
            {title}
          </button>
        )}
      </h2>
      {children}
      <TagList tags={tags} />
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onOpen} aria-label={`View details of ${title}`}>
          View Details
        </Button>
        {actions}
      </div>
    </Card>
  );
}
