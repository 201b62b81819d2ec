// The settings screen's calls (docs/API.md, Settings).
import { api } from '../../../../lib/client/api-client';
import type {
  GeneralSettings,
  NotificationSettings,
  NotificationSettingsChange,
} from '../../../../lib/shared/settings/api';

/** GET /settings/notifications/ */
export const readNotificationSettings = () => api<NotificationSettings>('/settings/notifications/');

/** PUT /settings/notifications/ */
export const saveNotificationRecipients = (change: NotificationSettingsChange) =>
  api<NotificationSettings>('/settings/notifications/', { method: 'PUT', body: change });

/** GET /settings/general/ */
export const readGeneralSettings = () => api<GeneralSettings>('/settings/general/');

/** PUT /settings/general/ */
export const saveGeneralSettings = (settings: GeneralSettings) =>
  api<GeneralSettings>('/settings/general/', { method: 'PUT', body: settings });
