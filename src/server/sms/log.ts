// Without SMS_PROVIDER an SMS is written to the server log as one JSON line, as mail is without SMTP_URL
// (mail/mailer.ts), so a church without an SMS account still sees what would have gone out.
import type { SmsSender } from '../kernel/ports';

export const logSmsSender: SmsSender = {
  provider: 'log',
  async send({ to, text, key }) {
    console.log(JSON.stringify({ level: 'info', msg: 'sms', to, key, text }));
    return {};
  },
};
