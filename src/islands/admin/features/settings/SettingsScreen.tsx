// Settings (docs/PRODUCT.md (Pages and screens)): who receives the emails about what visitors send, the prayer
// follow-up period and the church's contact details for emails. SUPERADMIN and ADMIN change them
// (canEditSettings); other staff see them with the reason they are read-only. The two-factor policy (SecurityPanel)
// shows to ADMIN and above; only a SUPERADMIN changes it. Giving details (GivingPanel) show to ADMIN and above,
// who change them.
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { $auth } from '../../../../lib/client/session';
import {
  ROLE_LABELS,
  SETTINGS_EDIT_ROLE,
  canEditSettings,
  canSeeGiving,
  roleRank,
} from '../../../../lib/shared/permissions';
import { LoadError, ScreenHeader } from '../../../ui';
import { LoadingScreen } from '../../layout/LoadingScreen';
import { loadErrorMessage } from '../../query';
import { generalSettingsQuery, notificationSettingsQuery } from './queries';
import { RecipientsPanel } from './RecipientsPanel';
import { GeneralPanel } from './GeneralPanel';
import { SecurityPanel } from './SecurityPanel';
import { GivingPanel } from './GivingPanel';
import { DENIED_NOTE } from './SaveButton';

export default function SettingsScreen() {
  const role = useStore($auth).user?.role ?? null;
  const mayEdit = !!role && canEditSettings({ role });
  const notifications = useQuery(notificationSettingsQuery);
  const general = useQuery(generalSettingsQuery);
  const reload = () => {
    void notifications.refetch();
    void general.refetch();
  };

  const denied = mayEdit ? null : `Only ${ROLE_LABELS[SETTINGS_EDIT_ROLE]} and above can change the settings`;
  const error = notifications.error ?? general.error;
  const failed = error ? loadErrorMessage('Failed to load the settings.', error) : null;
  const recipients = notifications.data;
  const settings = general.data;
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Settings" subtitle="How the portal works for your church." />
      {denied && (
        <p id={DENIED_NOTE} className="text-sm text-muted">
          {denied}.
        </p>
      )}
      {failed ? (
        <LoadError message={failed} onRetry={reload} />
      ) : !recipients || !settings ? (
        <div>
          <LoadingScreen fullScreen={false} label="Loading settings..." />
        </div>
      ) : (
        <>
          <RecipientsPanel settings={recipients} denied={denied} />
          <GeneralPanel settings={settings} denied={denied} />
          {role && canSeeGiving({ role }) && <GivingPanel />}
          {role && roleRank(role) >= roleRank('ADMIN') && <SecurityPanel mayEdit={role === 'SUPERADMIN'} />}
        </>
      )}
    </div>
  );
}
