// The settings screen's query keys, reads and writes (TanStack Query, ../../query.ts). A save answers with the
// settings as stored, which the screen then shows.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  readGeneralSettings,
  readNotificationSettings,
  readGivingSettings,
  readSecuritySettings,
  saveGeneralSettings,
  saveGivingSettings,
  saveNotificationRecipients,
  saveSecuritySettings,
} from './api';

export const settingsKeys = {
  all: ['settings'] as const,
  notifications: ['settings', 'notifications'] as const,
  general: ['settings', 'general'] as const,
  security: ['settings', 'security'] as const,
  giving: ['settings', 'giving'] as const,
};

export const securitySettingsQuery = queryOptions({
  queryKey: settingsKeys.security,
  queryFn: () => readSecuritySettings(),
});

export const useSaveSecurity = () => useSave(settingsKeys.security, saveSecuritySettings);

export const givingSettingsQuery = queryOptions({
  queryKey: settingsKeys.giving,
  queryFn: () => readGivingSettings(),
});

export const useSaveGiving = () => useSave(settingsKeys.giving, saveGivingSettings);

export const notificationSettingsQuery = queryOptions({
  queryKey: settingsKeys.notifications,
  queryFn: () => readNotificationSettings(),
});

export const generalSettingsQuery = queryOptions({
  queryKey: settingsKeys.general,
  queryFn: () => readGeneralSettings(),
});

export const useSaveRecipients = () => useSave(settingsKeys.notifications, saveNotificationRecipients);

export const useSaveGeneral = () => useSave(settingsKeys.general, saveGeneralSettings);

/** A panel's Save: what the server stored replaces the panel's query, so the panel shows it without asking again. */
function useSave<I, O>(key: readonly string[], save: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: save, onSuccess: (stored) => client.setQueryData(key, stored) });
}
