// The ushers' headcount (docs/PRODUCT.md, Attendance): service, date, men, women, children and first-timers in a
// real <form> with native number fields (whole numbers 0 to 100,000), big enough to tap on a phone. What is typed is
// kept on the device; a headcount sent while the connection is down waits there and goes when it is back, once.
// No action of its own: the portal signs in with a bearer token held by the script (docs/ARCHITECTURE.md), which a
// form posted without JavaScript could not carry, so the browser's native checks and the script do the sending.
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { apiErrorInfo } from '../../../../lib/client/api-client';
import { ATTENDANCE_TEXT, MAX_COUNT, dayOfMs, headcountTotal } from '../../../../lib/shared/attendance/rules';
import type { Service } from '../../../../lib/shared/services/api';
import { Button } from '../../../ui';
import { postHeadcount, type HeadcountBody } from './api';
import { DRAFT_KEY, enqueue, flush, isOffline, queued } from './offline';

const COUNTS = [
  ['men', 'Men'],
  ['women', 'Women'],
  ['children', 'Children'],
  ['firstTimers', 'First-timers'],
] as const;
type Draft = Record<'serviceId' | 'date' | (typeof COUNTS)[number][0], string>;

function readDraft(services: Service[]): Draft {
  const empty: Draft = {
    serviceId: String(services[0]?.id ?? ''),
    date: dayOfMs(Date.now()),
    men: '',
    women: '',
    children: '',
    firstTimers: '',
  };
  try {
    return { ...empty, ...(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}') as Partial<Draft>) };
  } catch {
    return empty;
  }
}

export function HeadcountForm({ services, onSaved }: { services: Service[]; onSaved: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => readDraft(services));
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(() => queued().length);

  useEffect(() => {
    const sendQueued = async () => {
      const { sent, refused } = await flush();
      setWaiting(queued().length);
      if (sent.length) {
        setStatus({
          text: `Sent ${sent.length} saved ${sent.length === 1 ? 'headcount' : 'headcounts'}.`,
          tone: 'success',
        });
        onSaved();
      }
      if (refused.length) setStatus({ text: 'A saved headcount was refused. Please enter it again.', tone: 'error' });
    };
    void sendQueued();
    window.addEventListener('online', sendQueued);
    return () => window.removeEventListener('online', sendQueued);
  }, [onSaved]);

  const set = (key: keyof Draft, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    localStorage.setItem(DRAFT_KEY, JSON.stringify(next));
  };

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const body: HeadcountBody = {
      serviceId: Number(draft.serviceId),
      date: draft.date,
      men: Number(draft.men),
      women: Number(draft.women),
      children: Number(draft.children),
      firstTimers: Number(draft.firstTimers || 0),
    };
    setBusy(true);
    setErrors({});
    try {
      const row = await postHeadcount(body);
      setStatus({ text: row.replaced ? ATTENDANCE_TEXT.replaced : ATTENDANCE_TEXT.saved, tone: 'success' });
      const cleared = { ...draft, men: '', women: '', children: '', firstTimers: '' };
      setDraft(cleared);
      localStorage.removeItem(DRAFT_KEY);
      onSaved();
    } catch (error) {
      if (isOffline(error)) {
        enqueue(body);
        setWaiting(queued().length);
        setStatus({ text: ATTENDANCE_TEXT.queued, tone: 'error' });
      } else {
        const info = apiErrorInfo(error);
        setErrors(Object.fromEntries(Object.entries(info.errors).map(([k, v]) => [k, v[0] ?? ''])));
        setStatus({ text: info.detail ?? info.message, tone: 'error' });
      }
    } finally {
      setBusy(false);
    }
  }

  const total = headcountTotal({
    men: Number(draft.men) || 0,
    women: Number(draft.women) || 0,
    children: Number(draft.children) || 0,
  });
  const input = 'w-full rounded-lg border border-border bg-input px-3 py-3 text-lg text-text';

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Enter a headcount
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Service
          <select
            name="serviceId"
            required
            value={draft.serviceId}
            onChange={(e) => set('serviceId', e.target.value)}
            className={input}
          >
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Date
          <input
            type="date"
            name="date"
            required
            value={draft.date}
            onChange={(e) => set('date', e.target.value)}
            className={input}
          />
        </label>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {COUNTS.map(([key, label]) => (
          <label key={key} className="flex flex-col gap-1 text-sm font-medium">
            {label}
            <input
              type="number"
              name={key}
              inputMode="numeric"
              min={0}
              max={MAX_COUNT}
              step={1}
              required={key !== 'firstTimers'}
              value={draft[key]}
              onChange={(e) => set(key, e.target.value)}
              aria-invalid={errors[key] ? true : undefined}
              aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
              className={input}
            />
            {errors[key] && (
              <span id={`${id}-${key}-error`} className="text-sm text-error">
                {errors[key]}
              </span>
            )}
          </label>
        ))}
      </div>
      <p className="text-sm text-muted">
        Total: <strong className="text-text">{total.toLocaleString('en-US')}</strong>
        {waiting > 0 && ` · ${waiting} waiting to be sent`}
      </p>
      <div
        role="status"
        aria-live="polite"
        className={status?.tone === 'error' ? 'text-sm text-error' : 'text-sm text-success'}
      >
        {status?.text}
      </div>
      <Button type="submit" size="lg" loading={busy}>
        Save headcount
      </Button>
    </form>
  );
}
