// Settings (docs/PRODUCT.md (Pages and screens)): who receives the emails about what visitors send, the prayer
// follow-up period and the church's contact details for emails. SUPERADMIN and ADMIN change them
// (canEditSettings); other staff see them with the reason they are read-only.
import { useStore } from '@nanostores/react';
import { $auth } from '../../../../lib/client/session';
import { ROLE_LABELS, SETTINGS_EDIT_ROLE, canEditSettings } from '../../../../lib/shared/permissions';
import { LoadError, ScreenHeader } from '../../../ui';
import { LoadingScreen } from '../../layout/LoadingScreen';
import { useApiValue } from '../../useApiValue';
import { readGeneralSettings, readNotificationSettings } from './api';
import { RecipientsPanel } from './RecipientsPanel';
import { GeneralPanel } from './GeneralPanel';

export default function SettingsScreen() {
  const role = useStore($auth).user?.role ?? null;
  const mayEdit = !!role && canEditSettings({ role });
  const notifications = useApiValue(readNotificationSettings, 'Failed to load the settings.');
  const general = useApiValue(readGeneralSettings, 'Failed to load the settings.');
  const reload = () => {
    void notifications.reload();
    void general.reload();
  };

  const denied = mayEdit ? null : `Only ${ROLE_LABELS[SETTINGS_EDIT_ROLE]} and above can change the settings`;
  const failed =
    notifications.state.status === 'error'
      ? notifications.state.message
      : general.state.status === 'error'
        ? general.state.message
        : null;
  // A reload after a save keeps the panels up: they show the value until the new one arrives.
  const recipients = notifications.state.value;
  const settings = general.state.value;
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Settings" subtitle="How the portal works for your church." />
      {denied && (
        <p id="settings-denied" className="text-sm text-muted">
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
          <RecipientsPanel
            settings={notifications.state.value!}
            onSaved={() => void notifications.reload()}
            denied={denied}
          />
          <GeneralPanel settings={general.state.value!} denied={denied} />
        </>
      )}
    </div>
  );
}
