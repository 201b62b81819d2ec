// Absentees (docs/PRODUCT.md, Absentees), PASTOR and above: people who came on at least 3 of the 8 weeks before the
// last N weeks and not since, with their phone and last visit; choose some and send them an SMS or email through
// the outbox (the broadcasts' consent rules), or record a visit or a call.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import type { Absentee } from '../../../../lib/shared/attendance/api';
// The message's rules, zod-free: absentMessageSchema (attendance/api.ts) is built from them.
import { broadcastFieldRules as rules } from '../../../../lib/shared/broadcasts/rules';
import { formatDate } from '../../../../lib/shared/format';
import { Button, CELL, DataTable, EmptyState, Panel, ScreenHeader, Select, toast } from '../../../ui';
import { toastOnFailure } from '../../content-form';
import { QueryView } from '../../QueryView';
import { listAbsentees, messageAbsentees, recordFollowup } from './api';

const FOLLOWUP_LABELS: Record<string, string> = {
  visited: 'Visited',
  called: 'Called',
  sms: 'SMS sent',
  email: 'Email sent',
};

export default function AbsenteesScreen() {
  const client = useQueryClient();
  const [weeks, setWeeks] = useState('3');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const list = useQuery({ queryKey: ['absentees', weeks], queryFn: () => listAbsentees(Number(weeks)) });
  const people = list.data ?? [];
  const refresh = () => void client.invalidateQueries({ queryKey: ['absentees'] });
  const followup = useMutation({
    mutationFn: ({ id, kind }: { id: number; kind: 'visited' | 'called' }) => recordFollowup(id, kind),
    onSettled: refresh,
  });
  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Absentees" subtitle="People who came regularly and have not been seen lately." />
      <Select
        label="Not seen for"
        className="max-w-xs"
        value={weeks}
        onChange={setWeeks}
        options={[2, 3, 4, 6, 8].map((n) => ({ value: String(n), label: `${n} weeks` }))}
      />
      <QueryView query={list} noun="absentees">
        {people.length === 0 ? (
          <EmptyState title="Nobody is missing">Everyone who came regularly has been seen lately.</EmptyState>
        ) : (
          <DataTable
            label="Absentees"
            caption="Absentees"
            columns={['Choose', 'Name', 'Phone', 'Last visit', 'Follow-up', 'Actions']}
            card
          >
            {people.map((a) => (
              <tr key={a.user.id} data-testid="absentee-row">
                <td className={CELL}>
                  <input
                    type="checkbox"
                    checked={chosen.has(a.user.id)}
                    onChange={() => toggle(a.user.id)}
                    aria-label={`Choose ${a.user.name}`}
                    className="h-5 w-5"
                  />
                </td>
                <td className={CELL}>{a.user.name}</td>
                <td className={CELL}>
                  {a.phone ? (
                    <a href={`tel:${a.phone}`} className="text-primary-strong hover:underline">
                      {a.phone}
                    </a>
                  ) : (
                    <span className="text-muted">No phone</span>
                  )}
                </td>
                <td className={`${CELL} whitespace-nowrap`}>{formatDate(a.lastSeen)}</td>
                <td className={CELL}>{lastFollowup(a)}</td>
                <td className={`${CELL} whitespace-nowrap`}>
                  {(['visited', 'called'] as const).map((kind) => (
                    <Button
                      key={kind}
                      size="xs"
                      variant="outline"
                      className="mr-2"
                      disabled={followup.isPending}
                      onClick={() =>
                        void toastOnFailure('record it', async () => {
                          await followup.mutateAsync({ id: a.user.id, kind });
                          toast(`Recorded: ${FOLLOWUP_LABELS[kind].toLowerCase()}`);
                        })
                      }
                    >
                      {FOLLOWUP_LABELS[kind]}
                      <span className="sr-only">: {a.user.name}</span>
                    </Button>
                  ))}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
      {chosen.size > 0 && (
        <MessageForm
          ids={[...chosen]}
          onSent={() => {
            setChosen(new Set());
            refresh();
          }}
        />
      )}
    </div>
  );
}

function lastFollowup(a: Absentee) {
  const last = a.followups[0];
  if (!last) return <span className="text-muted">None yet</span>;
  return `${FOLLOWUP_LABELS[last.kind] ?? last.kind} ${formatDate(last.at)}${last.by ? ` by ${last.by}` : ''}`;
}

/** A required field's mark, as the kit's Field shows it (its rules say required). */
function RequiredMark() {
  return (
    <span className="text-error" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

function MessageForm({ ids, onSent }: { ids: number[]; onSent: () => void }) {
  const [channel, setChannel] = useState<'sms' | 'email'>('sms');
  const [subject, setSubject] = useState('We miss you');
  const [message, setMessage] = useState(
    'We have missed you at church lately. We hope all is well and look forward to seeing you.',
  );
  const [key] = useState(() => crypto.randomUUID());
  const input = 'w-full rounded-lg border border-border bg-input px-3 py-2 text-sm text-text';
  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    await toastOnFailure('send the message', async () => {
      const sent = await messageAbsentees({ requestKey: key, userIds: ids, subject, message, channels: [channel] });
      toast(
        `Queued ${sent.sent} ${sent.sent === 1 ? 'message' : 'messages'} (people who agreed to ${channel === 'sms' ? 'SMS' : 'email'})`,
      );
      onSent();
    });
  }
  return (
    <Panel title={`Message ${ids.length} chosen`}>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        <Select
          label="Send by"
          value={channel}
          onChange={(v) => setChannel(v as 'sms' | 'email')}
          options={[
            { value: 'sms', label: 'SMS' },
            { value: 'email', label: 'Email' },
          ]}
        />
        <label className="flex flex-col gap-1 text-sm font-medium">
          <span>
            Subject
            {rules.subject.required && <RequiredMark />}
          </span>
          <input
            required={rules.subject.required}
            minLength={rules.subject.minLength}
            maxLength={rules.subject.maxLength}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            className={input}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          <span>
            Message
            {rules.message.required && <RequiredMark />}
          </span>
          <textarea
            required={rules.message.required}
            minLength={rules.message.minLength}
            maxLength={rules.message.maxLength}
            rows={4}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            className={input}
          />
        </label>
        <Button type="submit" className="self-start">
          Send
        </Button>
      </form>
    </Panel>
  );
}
