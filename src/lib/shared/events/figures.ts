// An event card's registration figures in words (docs/PRODUCT.md (Events and Prayers)): written once for the card's
// server HTML (src/components/EventCard.astro) and for the registration island, which shows the figures of the
// API's answer after a registration without a reload (issue 28). Zod-free: the island loads it up front.
import { percentFull } from '../format';

export interface EventFigures {
  /** Seats taken (confirmed or checked in). */
  registered: number;
  /** Seats waiting. */
  waitlist: number;
  /** null: no limit on places. */
  capacity: number | null;
}

export function figureTexts({ registered, waitlist, capacity }: EventFigures) {
  if (capacity === null) {
    return {
      full: false,
      percent: 0,
      summary: `${registered} registered: no limit on places.`,
      places: '',
      action: 'Register',
    };
  }
  const full = registered >= capacity;
  const percent = percentFull(registered, capacity);
  return {
    full,
    percent,
    summary: `${registered} of ${capacity} registered (${percent}% full)`,
    places: full
      ? `This event is full: join the waitlist (${waitlist} waiting).`
      : `${Math.max(0, capacity - registered)} spots left.`,
    action: full ? 'Join the Waitlist' : 'Register',
  };
}
