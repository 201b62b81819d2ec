// Send Notifications' groups as the dialog's select offers them ("role:PASTOR", "ministry:3", "all"), with how
// many members each reaches by email (the option's label) and by SMS, and back to the API's audience.
import type { Audiences } from '../../../../lib/shared/broadcasts/api';
import type { Audience } from '../../../../lib/shared/broadcasts/rules';
import type { Role } from '../../../../lib/shared/permissions';

export interface AudienceOption {
  value: string;
  label: string;
  /** The members it reaches by email. */
  count: number;
  /** The members it reaches by SMS (the audiences' `sms` counts). */
  sms: number;
  /** How the preview names the group. */
  name: string;
}

export function audienceOptions(groups: Audiences): AudienceOption[] {
  const plural = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'member' : 'members'}`;
  return [
    {
      value: 'all',
      label: `All members (${plural(groups.all)})`,
      count: groups.all,
      sms: groups.sms.all,
      name: 'all members',
    },
    ...groups.roles.map((r) => ({
      value: `role:${r.role}`,
      label: `Role: ${r.label} (${plural(r.count)})`,
      count: r.count,
      sms: groups.sms.roles[r.role],
      name: `the ${r.label} role`,
    })),
    ...groups.ministries.map((m) => ({
      value: `ministry:${m.id}`,
      label: `Ministry: ${m.name} (${plural(m.count)})`,
      count: m.count,
      // A ministry nobody of can be texted is absent from the SMS counts.
      sms: groups.sms.ministries[String(m.id)] ?? 0,
      name: m.name,
    })),
  ];
}

export function audienceOf(value: string): Audience {
  const [group, key] = value.split(':');
  if (group === 'role') return { group: 'role', role: key as Role };
  if (group === 'ministry') return { group: 'ministry', ministry: Number(key) };
  return { group: 'all' };
}
