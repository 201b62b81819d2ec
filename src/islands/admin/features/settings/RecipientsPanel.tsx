// Notification recipients: the default list for everything visitors send, and optionally a list per kind
// (contact messages, prayer requests, registrations). One address per line; an empty list means the default,
// and an empty default means the administrators, each as their profile's notification switches allow.
import { useState, type SubmitEvent } from 'react';
import { apiErrorInfo } from '../../../../lib/client/api-client';
import {
  MAX_RECIPIENTS,
  RECIPIENT_KINDS,
  RECIPIENT_KIND_LABELS,
  type NotificationSettings,
  type RecipientKind,
} from '../../../../lib/shared/settings/api';
import { Panel, toast } from '../../../ui';
import { useSaveRecipients } from './queries';
import { DENIED_NOTE, SaveButton } from './SaveButton';

const linesOf = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter(Boolean);

type Texts = Record<'default' | RecipientKind, string>;
const textsOf = (s: NotificationSettings): Texts => ({
  default: s.recipients.join('\n'),
  message: s.byKind.message.recipients.join('\n'),
  prayer: s.byKind.prayer.recipients.join('\n'),
  registration: s.byKind.registration.recipients.join('\n'),
});

export function RecipientsPanel({ settings, denied }: { settings: NotificationSettings; denied: string | null }) {
  const [texts, setTexts] = useState<Texts>(() => textsOf(settings));
  const [errors, setErrors] = useState<string[]>([]);
  const saving = useSaveRecipients();

  async function save(event: SubmitEvent) {
    event.preventDefault();
    setErrors([]);
    const lists = {
      recipients: linesOf(texts.default),
      byKind: Object.fromEntries(RECIPIENT_KINDS.map((k) => [k, linesOf(texts[k])])) as Record<RecipientKind, string[]>,
    };
    try {
      const stored = await saving.mutateAsync(lists);
      setTexts(textsOf(stored));
      toast('Notification recipients saved');
    } catch (error) {
      const info = apiErrorInfo(error);
      const messages = Object.entries(info.errors).flatMap(([field, msgs]) => {
        // recipients.1 or byKind.prayer.0: name the address the message is about.
        const match = /^(?:recipients|byKind\.(\w+))\.(\d+)$/.exec(field);
        const list = match ? (match[1] ? lists.byKind[match[1] as RecipientKind] : lists.recipients) : null;
        return msgs.map((m) => (list && match ? `${list[Number(match[2])]}: ${m}` : m));
      });
      setErrors(messages.length ? messages : [info.detail ?? info.message]);
    }
  }

  const area = (key: keyof Texts, label: string, receiving: string[]) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`recipients-${key}`} className="text-sm font-medium text-text">
        {label}
      </label>
      <textarea
        id={`recipients-${key}`}
        name={key === 'default' ? 'recipients' : key}
        rows={key === 'default' ? 4 : 2}
        value={texts[key]}
        onChange={(e) => setTexts((t) => ({ ...t, [key]: e.target.value }))}
        readOnly={!!denied}
        aria-describedby={`receiving-${key}${denied ? ` ${DENIED_NOTE}` : ''}`}
        aria-invalid={errors.length > 0 || undefined}
        className="rounded-lg border border-border bg-input px-3 py-2 text-sm text-text"
      />
      <p id={`receiving-${key}`} className="text-xs text-muted">
        Receiving now: {receiving.length ? receiving.join(', ') : 'nobody (no administrator wants these emails)'}
      </p>
    </div>
  );

  return (
    <Panel title="Notification recipients">
      <form onSubmit={save} className="flex flex-col gap-4" aria-label="Notification recipients">
        <p className="text-sm text-muted">
          Who receives an email for each new contact message, prayer request and event registration: one address per
          line, at most {MAX_RECIPIENTS} a list. A kind with no list of its own uses the default list; with no default
          list, the active Super Administrators and Administrators receive them, as their profile allows (email
          notifications on; prayer requests only with prayer request notifications on; registrations only with event
          reminders on). Without a mail server configured (SMTP_URL), emails are written to the server log, and
          everything still shows in the portal.
        </p>
        {area('default', 'Default list (email addresses, one per line)', settings.effective)}
        <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
          <legend className="px-1 text-sm font-medium text-text">Per kind (empty: the default)</legend>
          {RECIPIENT_KINDS.map((kind) => (
            <div key={kind}>{area(kind, RECIPIENT_KIND_LABELS[kind], settings.byKind[kind].effective)}</div>
          ))}
        </fieldset>
        {errors.length > 0 && (
          <ul role="alert" className="text-sm text-error">
            {errors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
        <SaveButton saving={saving.isPending} denied={denied}>
          Save recipients
        </SaveButton>
      </form>
    </Panel>
  );
}
