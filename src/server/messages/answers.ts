// A contact message as the API answers it.
import type { Selectable } from 'kysely';
import type { ContactMessage } from '../../lib/shared/messages/api';
import type { ContactMessagesTable } from '../db/schema';

export type MessageRow = Selectable<ContactMessagesTable>;

export function toMessageAnswer(row: MessageRow): ContactMessage {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    preferredContact: row.preferred_contact as ContactMessage['preferredContact'],
    subject: row.subject,
    inquiryType: row.inquiry_type as ContactMessage['inquiryType'],
    services: JSON.parse(row.services) as string[],
    message: row.message,
    read: Boolean(row.read),
    archived: Boolean(row.archived),
    prayerRequestId: row.prayer_request_id == null ? null : Number(row.prayer_request_id),
    createdAt: row.created_at,
  };
}
