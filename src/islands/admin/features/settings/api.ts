// The settings screen's calls (docs/API.md, Settings).
import { api } from '../../../../lib/client/api-client';
import type { NotificationSettings } from '../../../../lib/shared/settings-api';

/** GET /settings/notifications/ */
export const readNotificationSettings = () => api<NotificationSettings>('/settings/notifications/');

/** PUT /settings/notifications/ */
export const saveNotificationRecipients = (recipients: string[]) =>
  api<NotificationSettings>('/settings/notifications/', { method: 'PUT', body: { recipients } });
