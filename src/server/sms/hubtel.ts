// Hubtel's SMS API (https://developers.hubtel.com): POST /v1/messages/send with HTTP Basic authentication of the
// client id and secret and `{From, To, Content, ClientReference}`; it answers 200/201 `{"messageId", "status": 0,
// "statusDescription"}`, or a 4xx for refused input or credentials. ClientReference carries the outbox key, so
// Hubtel's records name the message as ours do.
import type { SmsConfig } from '../config';
import type { SmsSender } from '../kernel/ports';
import { message, postJson, SMS_TIMEOUT_MS } from './request';

export function hubtelSender(
  config: Pick<SmsConfig, 'baseUrl' | 'senderId' | 'clientId' | 'clientSecret'>,
  { timeoutMs = SMS_TIMEOUT_MS } = {},
): SmsSender {
  const credentials = Buffer.from(`${config.clientId ?? ''}:${config.clientSecret ?? ''}`).toString('base64');
  return {
    provider: 'hubtel',
    async send({ to, text, key }) {
      const answer = await postJson(
        'Hubtel',
        `${config.baseUrl}/v1/messages/send`,
        { Authorization: `Basic ${credentials}` },
        { From: config.senderId, To: to, Content: text, ClientReference: key },
        timeoutMs,
      );
      // A 2xx whose status is not 0 was not submitted: try again later.
      if (Number(answer.status) !== 0) {
        throw new Error(`Hubtel did not send it: ${message(answer) ?? JSON.stringify(answer).slice(0, 200)}`);
      }
      return typeof answer.messageId === 'string' ? { providerId: answer.messageId } : {};
    },
  };
}
