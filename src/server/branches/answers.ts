// A branch as the API answers it (docs/API.md, Branches): its Paystack subaccount only to staff.
import type { Selectable } from 'kysely';
import type { Branch } from '../../lib/shared/branches/api';
import type { BranchesTable } from '../db/schema';

export function toBranchAnswer(row: Selectable<BranchesTable>, opts: { staff: boolean }): Branch {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    kind: row.kind,
    address: row.address,
    phone: row.phone,
    serviceTimes: row.service_times,
    ...(opts.staff && { paystackSubaccount: row.paystack_subaccount }),
  };
}
