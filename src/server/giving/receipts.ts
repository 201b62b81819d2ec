// A paid gift's receipt: an email, and an SMS when the giver gave a phone that may be texted (a visitor's number, so
// SMS_VISITOR_COUNTRIES applies), queued in the credit's transaction.
import { type Selectable, type Transaction } from 'kysely';
import type { AppDeps } from '../kernel/context';
import type { DB, GiftsTable } from '../db/schema';
import { iso } from '../db/time';
import { queueEmail, queueSms } from '../outbox/queue';
import { oneLine } from '../notifications/service';
import { churchContact, signature } from '../settings/church';
import { smsNumber, visitorMayBeTexted } from '../../lib/shared/sms/numbers';
import { formatCedis } from '../../lib/shared/giving/money';

type GiftRow = Selectable<GiftsTable>;
/** The receipt of a paid gift: by email, and by SMS when the giver gave a phone and SMS is configured. */
export async function queueReceipt(
  trx: Transaction<DB>,
  deps: AppDeps,
  gift: GiftRow,
  church: Awaited<ReturnType<typeof churchContact>>,
  now: number,
) {
  const fund = await trx.selectFrom('funds').select('name').where('id', '=', gift.fund_id).executeTakeFirstOrThrow();
  const amount = formatCedis(gift.amount);
  const date = (gift.paid_at ?? iso(now)).slice(0, 10);
  const key = `gift:${gift.reference}:receipt`;
  // Queued at the gift's branch, so that branch's staff see its receipts on their Outbox (docs/API.md, Branches).
  const branch = Number(gift.branch_id);
  if (gift.email) {
    await queueEmail(
      trx,
      key,
      {
        to: oneLine(gift.email),
        subject: `Receipt for your gift: ${amount} to ${oneLine(fund.name)}`,
        text:
          [
            `Dear ${oneLine(gift.name ?? 'friend')},`,
            '',
            'Thank you for your gift. This is your receipt.',
            '',
            `Fund: ${fund.name}`,
            `Amount: ${amount}`,
            `Date: ${date}`,
            `Reference: ${gift.reference}`,
          ].join('\n') + signature(church),
      },
      now,
      branch,
    );
  }
  const sms = deps.config.sms && gift.phone ? smsNumber(gift.phone) : undefined;
  // Anyone can start a gift, so its receipt is an SMS a visitor causes: only to SMS_VISITOR_COUNTRIES.
  if (sms?.ok && visitorMayBeTexted(deps.config.smsVisitorCountries, sms.number)) {
    const text = `Thank you for your gift of ${amount} to ${fund.name} on ${date}. Ref ${gift.reference}.`;
    await queueSms(trx, `${key}:sms`, { to: sms.number, text }, now, branch);
  }
}
