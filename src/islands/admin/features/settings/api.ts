// The settings screen's calls (docs/API.md, Settings).
import { api } from '../../../../lib/client/api-client';
import type {
  GeneralSettings,
  GeneralSettingsChange,
  NotificationSettings,
  NotificationSettingsChange,
} from '../../../../lib/shared/settings/api';
import type { SecuritySettings } from '../../../../lib/shared/twofactor/api';
import type { GivingSettings, GivingSettingsChange } from '../../../../lib/shared/giving/api';

/** GET /settings/notifications/ */
export const readNotificationSettings = () => api<NotificationSettings>('/settings/notifications/');

/** PUT /settings/notifications/ */
export const saveNotificationRecipients = (change: NotificationSettingsChange) =>
  api<NotificationSettings>('/settings/notifications/', { method: 'PUT', body: change });

/** GET /settings/general/ */
export const readGeneralSettings = () => api<GeneralSettings>('/settings/general/');

/** PUT /settings/general/ */
export const saveGeneralSettings = (settings: GeneralSettingsChange) =>
  api<GeneralSettings>('/settings/general/', { method: 'PUT', body: settings });

/** GET /settings/security/: the two-factor policy (ADMIN may read it). */
export const readSecuritySettings = () => api<SecuritySettings>('/settings/security/');

/** PATCH /settings/security/ (SUPERADMIN) */
export const saveSecuritySettings = (settings: SecuritySettings) =>
  api<SecuritySettings>('/settings/security/', { method: 'PATCH', body: settings });

/** GET /settings/giving/: the mobile money and bank details /give shows (ADMIN and above). */
export const readGivingSettings = () => api<GivingSettings>('/settings/giving/');

/** PATCH /settings/giving/ (ADMIN and above) */
export const saveGivingSettings = (settings: GivingSettingsChange) =>
  api<GivingSettings>('/settings/giving/', { method: 'PATCH', body: settings });
