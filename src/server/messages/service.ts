// Contact messages: a visitor's message is admitted by the per-address limit, stored (a prayer inquiry also
// becomes a private prayer request, in the same transaction) and emailed to the notification recipients with
// Reply-To the visitor (queued in the outbox in that transaction); staff read, archive and (ADMIN and above) delete them, each change audited.
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps, UserRow } from '../kernel/context';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { withAudit } from '../activity/audit';
import { ApiError } from '../kernel/errors';
import { admitSubmission } from '../public/limit';
import { insertPrayerRequest } from '../prayers/service';
import { queueStaffNotice, type StaffNotice } from '../notifications/service';
import type { ContactInput } from '../../lib/shared/schemas';
import type { ContactMessage, MessageChange } from '../../lib/shared/messages/api';
import { MESSAGE_NOT_FOUND } from '../../lib/shared/messages/api';
import type { TypedAuditAction } from '../../lib/shared/permissions';
import { inquiryLabel, preferredContactLabel, serviceLabel } from '../../lib/shared/messages/contact-options';
import { formatPhone } from '../../lib/shared/phone';

import { toMessageAnswer, type MessageRow } from './answers';

/** `clientKey`: the sender's (kernel/client.ts), for the per-address limit. */
export async function submitMessage(deps: AppDeps, clientKey: string, input: ContactInput): Promise<number> {
  const now = deps.now();
  const id = await admitSubmission(deps, 'contact', clientKey, async (trx) => {
    const prayerId =
      input.inquiryType === 'prayer'
        ? await insertPrayerRequest(
            trx,
            {
              requester: input.name,
              email: input.email,
              phone: input.phone ?? null,
              title: input.subject,
              description: input.message,
              category: 'personal',
              isPublic: false,
              urgent: false,
              source: 'contact',
            },
            now,
          )
        : null;
    const row = await trx
      .insertInto('contact_messages')
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        preferred_contact: input.preferredContact,
        subject: input.subject,
        inquiry_type: input.inquiryType,
        services: JSON.stringify(input.services),
        message: input.message,
        read: false,
        archived: false,
        prayer_request_id: prayerId,
        created_at: iso(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await queueStaffNotice(trx, `message:${row.id}:staff`, staffNotice(input), now);
    return Number(row.id);
  });
  deps.outbox?.wake();
  return id;
}

function staffNotice(input: ContactInput): StaffNotice {
  return {
    kind: 'message',
    subject: `New message: ${input.subject}`,
    text: [
      `${input.name} sent a message through the website's contact form.`,
      '',
      `Inquiry type: ${inquiryLabel(input.inquiryType)}`,
      `Email: ${input.email}`,
      `Phone: ${input.phone ? formatPhone(input.phone) : 'not given'}`,
      `Preferred contact: ${preferredContactLabel(input.preferredContact)}`,
      ...(input.services.length ? [`Interested in: ${input.services.map(serviceLabel).join(', ')}`] : []),
      '',
      input.message,
      '',
      input.inquiryType === 'prayer'
        ? 'It is also a private prayer request on the Prayers screen of the staff portal.'
        : 'Reply to this email to answer them, or open Messages in the staff portal.',
    ].join('\n'),
    replyTo: input.email,
  };
}

/** Newest first; the prayer request link only while that request exists (the foreign key sets it null). */
export async function listMessages(deps: AppDeps): Promise<ContactMessage[]> {
  const rows = await deps.database.db
    .selectFrom('contact_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toMessageAnswer);
}

export async function unreadCount(deps: AppDeps): Promise<number> {
  const row = await deps.database.db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('read', '=', false)
    .where('archived', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function loadRow(db: Kysely<DB>, id: number): Promise<MessageRow> {
  const row = await db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, MESSAGE_NOT_FOUND);
  return row;
}

export async function getMessage(deps: AppDeps, id: number): Promise<ContactMessage> {
  return toMessageAnswer(await loadRow(deps.database.db, id));
}

const auditMessage = (trx: Transaction<DB>, actor: UserRow, row: MessageRow, action: TypedAuditAction, now: number) =>
  withAudit(trx, { actor, target: null, targetName: `from ${row.name}`, action, details: String(row.id) }, now);

/** Read/unread and archive/unarchive; each real change is one audit entry. */
export async function updateMessage(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  change: MessageChange,
): Promise<ContactMessage> {
  const now = deps.now();
  return deps.database.db.transaction().execute(async (trx) => {
    const row = await loadRow(trx, id);
    const actions: TypedAuditAction[] = [];
    if (change.read !== undefined && change.read !== Boolean(row.read)) {
      actions.push(change.read ? 'read_message' : 'unread_message');
    }
    if (change.archived !== undefined && change.archived !== Boolean(row.archived)) {
      actions.push(change.archived ? 'archive_message' : 'unarchive_message');
    }
    if (!actions.length) return toMessageAnswer(row);
    await trx
      .updateTable('contact_messages')
      .set({
        ...(change.read !== undefined && { read: change.read }),
        ...(change.archived !== undefined && { archived: change.archived }),
      })
      .where('id', '=', id)
      .execute();
    for (const action of actions) await auditMessage(trx, actor, row, action, now);
    return toMessageAnswer(await loadRow(trx, id));
  });
}

export async function deleteMessage(deps: AppDeps, actor: UserRow, id: number): Promise<void> {
  const now = deps.now();
  await deps.database.db.transaction().execute(async (trx) => {
    const row = await loadRow(trx, id);
    await trx.deleteFrom('contact_messages').where('id', '=', id).execute();
    await auditMessage(trx, actor, row, 'delete_message', now);
  });
}
