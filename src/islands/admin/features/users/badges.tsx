// Role and status chips of the users table and detail dialog.
import { ROLE_LABELS, type Role } from '../../../../lib/shared/permissions';
import { Badge, type BadgeVariant } from '../../../ui/Badge';
import type { AccountStatus } from './model';

const roleVariant: Record<Role, BadgeVariant> = {
  SUPERADMIN: 'primary',
  ADMIN: 'info',
  PASTOR: 'success',
  MEMBER: 'neutral',
};
const statusVariant: Record<AccountStatus, BadgeVariant> = {
  Active: 'success',
  Inactive: 'neutral',
  Suspended: 'error',
};

export const RoleBadge = ({ role }: { role: Role }) => (
  <Badge variant={roleVariant[role] ?? 'neutral'}>{ROLE_LABELS[role] ?? role}</Badge>
);
export const StatusBadge = ({ status }: { status: AccountStatus }) => (
  <Badge variant={statusVariant[status]}>{status}</Badge>
);
