// The events screen's Calendar view: one month as a table (a caption with the month's name, a column a
// weekday, a row a week), previous/next month buttons, and each day's events as buttons that open the
// event's details. Tab and Enter move through it, as through any table of buttons.
import { useState } from 'react';
import type { EventAnswer } from '../../../../lib/shared/live/api';
import { formatTime12 } from '../../../../lib/shared/format';
import { Button, Card, cx } from '../../../ui';
import { WEEKDAYS, eventsOn, monthGrid, monthOf, monthTitle, shiftMonth } from './model';

export function EventCalendar({
  events,
  today,
  onOpen,
}: {
  events: readonly EventAnswer[];
  /** YYYY-MM-DD: the month shown first, and the day marked as today. */
  today: string;
  onOpen: (event: EventAnswer) => void;
}) {
  const [month, setMonth] = useState(() => monthOf(today));
  const title = monthTitle(month);
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="sm" onClick={() => setMonth((m) => shiftMonth(m, -1))}>
          Previous month
        </Button>
        <h2 id="calendar-title" className="text-xl font-semibold text-text" aria-live="polite">
          {title}
        </h2>
        <Button variant="outline" size="sm" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
          Next month
        </Button>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full table-fixed border-collapse text-sm">
          <caption className="sr-only">Events in {title}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th key={d} scope="col" className="p-1 text-xs font-semibold text-muted">
                  <abbr title={d} className="no-underline">
                    {d.slice(0, 3)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthGrid(month).map((week) => (
              <tr key={week[0].date}>
                {week.map((day) => {
                  const list = eventsOn(events, day.date);
                  return (
                    <td
                      key={day.date}
                      className={cx(
                        'h-24 border border-border p-1 align-top',
                        !day.inMonth && 'bg-hover/40 text-muted',
                        day.date === today && 'ring-2 ring-inset ring-primary-strong',
                      )}
                    >
                      <span className="block text-xs font-medium">
                        <span className="sr-only">{day.date}</span>
                        <span aria-hidden="true">{day.day}</span>
                      </span>
                      {list.length > 0 && (
                        <ul className="mt-1 flex flex-col gap-1">
                          {list.map((e) => (
                            <li key={e.id}>
                              <button
                                type="button"
                                onClick={() => onOpen(e)}
                                className="w-full truncate rounded bg-tabs px-1 py-0.5 text-left text-xs text-text hover:brightness-95"
                              >
                                <span className="sr-only">{formatTime12(e.startTime)} </span>
                                {e.title}
                              </button>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
