// Arkesel's SMS API v2 (https://developers.arkesel.com): POST /api/v2/sms/send with the account's key in the
// `api-key` header and `{sender, message, recipients}`; it answers `{"status":"success","data":[{"recipient",
// "id"}]}`, or a 4xx `{"status":"error","message"}` (401 a bad key, 422 a bad number or sender).
import type { SmsConfig } from '../config';
import type { SmsSender } from '../kernel/ports';
import { message, postJson, SMS_TIMEOUT_MS } from './request';

export function arkeselSender(
  config: Pick<SmsConfig, 'baseUrl' | 'senderId' | 'apiKey'>,
  { timeoutMs = SMS_TIMEOUT_MS } = {},
): SmsSender {
  return {
    provider: 'arkesel',
    async send({ to, text }) {
      const answer = await postJson(
        'Arkesel',
        `${config.baseUrl}/api/v2/sms/send`,
        { 'api-key': config.apiKey ?? '' },
        { sender: config.senderId, message: text, recipients: [to] },
        timeoutMs,
      );
      // A 2xx that says it failed is not a refusal of the number (those are 4xx): try again later.
      if (answer.status !== 'success') {
        throw new Error(`Arkesel did not send it: ${message(answer) ?? JSON.stringify(answer).slice(0, 200)}`);
      }
      const sent = Array.isArray(answer.data) ? (answer.data as { id?: unknown }[]) : [];
      const id = sent[0]?.id;
      return typeof id === 'string' ? { providerId: id } : {};
    },
  };
}
