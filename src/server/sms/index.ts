// Outgoing SMS behind the kernel's SmsSender (kernel/ports.ts): Arkesel or Hubtel as SMS_PROVIDER says, else the
// server log. The outbox worker is the only caller: it retries a plain failure and gives up on SendRefused.
import type { ServerConfig } from '../config';
import type { SmsHealth, SmsSender } from '../kernel/ports';
import { arkeselSender } from './arkesel';
import { hubtelSender } from './hubtel';
import { logSmsSender } from './log';

export function createSmsSender(config: Pick<ServerConfig, 'sms'>, opts: { timeoutMs?: number } = {}): SmsSender {
  const sms = config.sms;
  if (!sms) return withHealth(logSmsSender, false);
  return withHealth(sms.provider === 'arkesel' ? arkeselSender(sms, opts) : hubtelSender(sms, opts), true);
}

/** The sender, remembering how its last send went. */
export function withHealth(sender: SmsSender, configured: boolean): SmsSender {
  let last: SmsHealth['last'] = null;
  return {
    provider: sender.provider,
    async send(message) {
      try {
        const result = await sender.send(message);
        last = { ok: true, at: new Date().toISOString() };
        return result;
      } catch (err) {
        last = { ok: false, at: new Date().toISOString(), error: String((err as Error)?.message ?? err) };
        throw err;
      }
    },
    health: () => ({ configured, provider: sender.provider, last }),
  };
}
