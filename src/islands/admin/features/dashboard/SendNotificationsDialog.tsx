// Send Notifications (docs/PRODUCT.md (Dashboard)): an email to a chosen group of members (everyone, a role or a
// ministry), with the number it will reach and a preview of exactly what they receive. The request key is chosen
// when the dialog opens, so a second click, or a retry after a lost answer, sends nothing twice (the API keeps
// the first). broadcastSchema (loaded on first use) checks the fields as the API does.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '../../../../lib/client/session';
import { fullName } from '../../../../lib/shared/format';
import { broadcastFieldRules as rules, broadcastText } from '../../../../lib/shared/broadcasts/rules';
import { Field, FormDialog, Select, toast } from '../../../ui';
import { useContentForm } from '../../useContentForm';
import { sendBroadcast } from './api';
import { audiencesQuery } from './queries';
import { loadErrorMessage } from '../../query';
import { audienceOf, audienceOptions, type AudienceOption } from './audience';

/** 32 hex digits; getRandomValues works on plain http too, where randomUUID does not. */
const newRequestKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const loadSchema = () => import('../../../../lib/shared/broadcasts/api').then((m) => m.broadcastSchema);

export function SendNotificationsDialog({ onClose }: { onClose: () => void }) {
  const sender = useStore($auth).user;
  const [requestKey] = useState(newRequestKey);
  const audiences = useQuery(audiencesQuery);
  const sending = useMutation({ mutationFn: sendBroadcast });
  const options: AudienceOption[] | null = audiences.data ? audienceOptions(audiences.data) : null;
  const loadFailed = audiences.isError ? loadErrorMessage('Failed to load the groups.', audiences.error) : null;
  const form = useContentForm(() => ({ audience: 'all', subject: '', message: '' }));
  const { values, set, bind } = form;

  const chosen = options?.find((o) => o.value === values.audience);
  const nobody = !!chosen && chosen.count === 0;
  const dialog = form.dialog({
    schema: loadSchema,
    payload: () => ({
      requestKey,
      audience: audienceOf(values.audience),
      subject: values.subject,
      message: values.message,
    }),
    save: async (input) => {
      if (nobody || !chosen) throw new Error('Choose a group that someone can receive email in.');
      const result = await sending.mutateAsync(input);
      const people = `${result.recipients.toLocaleString('en-US')} ${result.recipients === 1 ? 'member' : 'members'}`;
      toast(result.repeated ? `Already sent to ${people}` : `Sent to ${people}`);
      onClose();
    },
    failure: 'send the notification',
  });

  return (
    <FormDialog
      id="send-notifications-form"
      title="Send Notifications"
      size="lg"
      submitLabel={chosen ? `Send to ${chosen.count.toLocaleString('en-US')}` : 'Send'}
      onClose={onClose}
      {...dialog}
      banner={dialog.banner ?? loadFailed ?? (nobody ? 'Nobody in this group can receive email.' : null)}
      className="grid gap-4 md:grid-cols-2"
    >
      <div className="flex flex-col gap-4">
        <Select
          label="Send to"
          name="audience"
          value={values.audience}
          onChange={set('audience')}
          disabled={!options}
          options={options ?? [{ value: 'all', label: 'Loading groups...' }]}
        />
        <Field {...bind('subject')} label="Subject" rules={rules.subject} />
        <Field
          {...bind('message')}
          label="Message"
          type="textarea"
          rows={8}
          rules={rules.message}
          helperText={`${values.message.length}/${rules.message.maxLength} characters`}
        />
      </div>
      <section
        aria-labelledby="broadcast-preview"
        className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4"
      >
        <h3 id="broadcast-preview" className="text-sm font-semibold text-text">
          Preview
        </h3>
        <p className="text-sm text-muted">
          To:{' '}
          {chosen
            ? `${chosen.count.toLocaleString('en-US')} ${chosen.count === 1 ? 'member' : 'members'} (${chosen.name}), each hidden from the others`
            : '…'}
        </p>
        <p className="text-sm text-text">
          <span className="text-muted">Subject: </span>
          {values.subject || '(no subject yet)'}
        </p>
        {/* Shown as text: what staff type is never markup. */}
        <pre className="max-h-72 overflow-auto font-sans text-sm whitespace-pre-wrap text-text">
          {broadcastText(values.message || '(your message)', sender ? fullName(sender) : 'you')}
        </pre>
      </section>
    </FormDialog>
  );
}
