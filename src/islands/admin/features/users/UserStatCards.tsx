// The users screen's four stat cards.
import { Card } from '../../../ui/Card';
import type { StatCard } from './model';

export function UserStatCards({ cards }: { cards: StatCard[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="User statistics">
      {cards.map((card) => (
        <Card as="li" key={card.label} data-testid={`stat-${card.label}`}>
          <p className="text-sm font-medium text-muted">{card.label}</p>
          <p className="mt-1 text-3xl font-bold text-text" data-testid="stat-value">
            {card.value.toLocaleString('en-US')}
          </p>
          {card.hint && <p className="mt-1 text-xs text-muted">{card.hint}</p>}
        </Card>
      ))}
    </ul>
  );
}
