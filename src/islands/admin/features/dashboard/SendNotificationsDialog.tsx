// Send Notifications (docs/PRODUCT.md (Dashboard)): an email, an SMS or both to a chosen group of members (everyone,
// a role or a ministry), with the number each channel will reach, a preview of exactly what they receive and, for
// SMS, the text's length in SMS and the messages in all, counted as staff type. The request key is chosen
// when the dialog opens, so a second click, or a retry after a lost answer, sends nothing twice (the API keeps
// the first). broadcastSchema (loaded on first use) checks the fields as the API does.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '../../../../lib/client/session';
import { fullName } from '../../../../lib/shared/format';
import { broadcastFieldRules as rules, broadcastSmsText, broadcastText } from '../../../../lib/shared/broadcasts/rules';
import type { OutboxChannel } from '../../../../lib/shared/outbox/api';
import { CheckboxGroup, Field, FormDialog, Select, toast } from '../../../ui';
import { useContentForm } from '../../useContentForm';
import { sendBroadcast } from './api';
import { audiencesQuery } from './queries';
import { loadErrorMessage } from '../../query';
import { audienceOf, audienceOptions, type AudienceOption } from './audience';
import { CHANNEL_CHOICES, membersText, sentText, smsCost } from './model';

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
  const form = useContentForm(() => ({
    audience: 'all',
    subject: '',
    message: '',
    channels: ['email'] as OutboxChannel[],
  }));
  const { values, set, bind, errors } = form;

  const chosen = options?.find((o) => o.value === values.audience);
  const byEmail = values.channels.includes('email');
  const bySms = values.channels.includes('sms');
  const reached = chosen ? (byEmail ? chosen.count : 0) + (bySms ? chosen.sms : 0) : 0;
  const nobody = !!chosen && values.channels.length > 0 && reached === 0;
  const channelWords = byEmail && bySms ? 'email or SMS' : bySms ? 'SMS' : 'email';
  const sms = chosen && bySms ? smsCost(broadcastSmsText(values.message), chosen.sms) : null;
  const dialog = form.dialog({
    schema: loadSchema,
    payload: () => ({
      requestKey,
      audience: audienceOf(values.audience),
      subject: values.subject,
      message: values.message,
      channels: values.channels,
    }),
    save: async (input) => {
      if (nobody || !chosen) throw new Error(`Choose a group that someone can receive ${channelWords} in.`);
      const result = await sending.mutateAsync(input);
      toast(sentText(result, input.channels));
      onClose();
    },
    failure: 'send the notification',
  });

  return (
    <FormDialog
      id="send-notifications-form"
      title="Send Notifications"
      size="lg"
      submitLabel={chosen ? sendLabel(chosen, byEmail, bySms) : 'Send'}
      onClose={onClose}
      {...dialog}
      banner={dialog.banner ?? loadFailed ?? (nobody ? `Nobody in this group can receive ${channelWords}.` : null)}
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
        <CheckboxGroup
          name="channels"
          legend="Send by"
          columns={2}
          value={values.channels}
          onChange={(list) => set('channels')(list as OutboxChannel[])}
          error={errors.channels || null}
          options={CHANNEL_CHOICES.map((c) => ({
            ...c,
            description: chosen
              ? `${membersText(c.value === 'sms' ? chosen.sms : chosen.count)} ${c.value === 'sms' ? 'with a phone and SMS on' : 'with email on'}`
              : undefined,
          }))}
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
        {byEmail && (
          <>
            <p className="text-sm text-muted">
              To: {chosen ? `${membersText(chosen.count)} (${chosen.name}), each hidden from the others` : '…'}
            </p>
            <p className="text-sm text-text">
              <span className="text-muted">Subject: </span>
              {values.subject || '(no subject yet)'}
            </p>
            {/* Shown as text: what staff type is never markup. */}
            <pre className="max-h-72 overflow-auto font-sans text-sm whitespace-pre-wrap text-text">
              {broadcastText(values.message || '(your message)', sender ? fullName(sender) : 'you')}
            </pre>
          </>
        )}
        {bySms && (
          <div className={byEmail ? 'flex flex-col gap-2 border-t border-border pt-2' : 'flex flex-col gap-2'}>
            <p className="text-sm text-muted">SMS to: {chosen ? `${membersText(chosen.sms)} (${chosen.name})` : '…'}</p>
            <p className="max-h-40 overflow-auto text-sm whitespace-pre-wrap text-text">
              {broadcastSmsText(values.message) || '(your message)'}
            </p>
            {sms && (
              <p className="text-sm text-text" data-testid="sms-count">
                {sms.perMember}. {sms.inAll}.
              </p>
            )}
          </div>
        )}
      </section>
    </FormDialog>
  );
}

/** "Send to 12", "Send to 5 by SMS", "Send to 12 by email, 5 by SMS", or "Send" with no channel chosen yet. */
function sendLabel(group: AudienceOption, byEmail: boolean, bySms: boolean): string {
  const n = (count: number) => count.toLocaleString('en-US');
  if (byEmail && bySms) return `Send to ${n(group.count)} by email, ${n(group.sms)} by SMS`;
  if (bySms) return `Send to ${n(group.sms)} by SMS`;
  return byEmail ? `Send to ${n(group.count)}` : 'Send';
}
