// Staff mark people present (docs/PRODUCT.md, Attendance): a service and date, a search of people (the portal's
// search, people only) and Mark present beside each; the same person, service and date again changes nothing.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ATTENDANCE_TEXT, dayOfMs } from '../../../../lib/shared/attendance/rules';
import type { Service } from '../../../../lib/shared/services/api';
import { Button, Panel, toast } from '../../../ui';
import { toastOnFailure } from '../../content-form';
import { markPresent, searchPeople } from './api';
import { useServicePicker } from './service-picker';

export function MarkPresent({ services }: { services: Service[] }) {
  const { chosen, picker } = useServicePicker(services);
  const [date, setDate] = useState(() => dayOfMs(Date.now()));
  const [q, setQ] = useState('');
  const people = useQuery({
    queryKey: ['attendance-people', q],
    queryFn: () => searchPeople(q),
    enabled: q.trim().length >= 2,
  });
  const input = 'rounded-lg border border-border bg-input px-3 py-2 text-sm text-text';
  return (
    <Panel title="Mark present">
      <div className="flex flex-wrap items-end gap-3">
        {picker}
        <label className="flex flex-col gap-1 text-sm font-medium">
          Day
          <input type="date" value={date} onChange={(e) => setDate(e.target.value)} className={input} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Find a person
          <input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Name, email or phone"
            className={input}
          />
        </label>
      </div>
      <ul className="mt-3 flex flex-col gap-2" aria-label="People found">
        {(people.data ?? []).map((p) => (
          <li key={p.id} className="flex items-center justify-between gap-3 rounded-lg border border-border p-2">
            <span>
              {p.title} <span className="text-sm text-muted">{p.detail}</span>
            </span>
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void toastOnFailure('mark them present', async () => {
                  const done = await markPresent({ serviceId: Number(chosen), date, userId: Number(p.id) });
                  toast(done.created ? ATTENDANCE_TEXT.marked : ATTENDANCE_TEXT.alreadyMarked);
                })
              }
            >
              Mark present<span className="sr-only">: {p.title}</span>
            </Button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
