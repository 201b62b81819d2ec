// Storing a new prayer request, shared by the prayer form (POST /prayers/) and a contact message whose inquiry
// type is prayer (which becomes a private request). docs/PRODUCT.md (Data): a new request is active and not
// approved for the wall; its priority is urgent when the visitor said so, else medium.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import type { PrayerCategory } from '../../lib/shared/visitors/rules';

export interface NewPrayerRequest {
  requester: string;
  email: string | null;
  phone: string | null;
  title: string;
  description: string;
  category: PrayerCategory;
  isPublic: boolean;
  urgent: boolean;
  source: 'prayer-form' | 'contact';
}

export async function insertPrayerRequest(db: Kysely<DB>, request: NewPrayerRequest, nowMs: number): Promise<number> {
  const stamp = iso(nowMs);
  const row = await db
    .insertInto('prayer_requests')
    .values({
      title: request.title,
      requester: request.requester,
      email: request.email,
      phone: request.phone,
      category: request.category,
      priority: request.urgent ? 'urgent' : 'medium',
      status: 'active',
      description: request.description,
      is_public: request.isPublic,
      approved: false,
      supporters: 0,
      tags: '[]',
      source: request.source,
      date_requested: stamp,
      last_updated: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
