// A ministry and a join request as the API answers them.
import type { Selectable } from 'kysely';
import type { MinistriesTable, MinistryJoinRequestsTable } from '../db/schema';
import type { JoinRequest, Ministry, PublicMinistry } from '../../lib/shared/ministries/api';
import { fullName } from '../../lib/shared/format';

export type MinistryRow = Selectable<MinistriesTable>;
type Leader = { first_name: string; last_name: string; username: string } | undefined;

export function toPublicMinistry(row: MinistryRow): PublicMinistry {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    meeting_day: row.meeting_day,
    meeting_time: row.meeting_time,
    meeting_place: row.meeting_place,
  };
}

export function toMinistryAnswer(
  row: MinistryRow,
  leader: Leader,
  counts: { members: number; pending: number },
): Ministry {
  return {
    ...toPublicMinistry(row),
    leader: leader && row.leader_user_id !== null ? { id: Number(row.leader_user_id), name: fullName(leader) } : null,
    is_public: Boolean(row.is_public),
    member_count: counts.members,
    pending_requests: counts.pending,
    branchId: Number(row.branch_id),
  };
}

export function toJoinRequestAnswer(
  row: Selectable<MinistryJoinRequestsTable> & { ministry_name: string },
  account: JoinRequest['account'] = null,
): JoinRequest {
  return {
    id: Number(row.id),
    ministry_id: Number(row.ministry_id),
    ministry_name: row.ministry_name,
    user_id: row.user_id === null ? null : Number(row.user_id),
    account,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    status: row.status,
    created_at: row.created_at,
    decided_at: row.decided_at,
  };
}
