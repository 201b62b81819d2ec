// The settings screen's query keys, reads and writes (TanStack Query, ../../query.ts). A save answers with the
// settings as stored, which the screen then shows.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { readGeneralSettings, readNotificationSettings, saveGeneralSettings, saveNotificationRecipients } from './api';

export const settingsKeys = {
  all: ['settings'] as const,
  notifications: ['settings', 'notifications'] as const,
  general: ['settings', 'general'] as const,
};

export const notificationSettingsQuery = queryOptions({
  queryKey: settingsKeys.notifications,
  queryFn: () => readNotificationSettings(),
});

export const generalSettingsQuery = queryOptions({
  queryKey: settingsKeys.general,
  queryFn: () => readGeneralSettings(),
});

export function useSaveRecipients() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationRecipients,
    onSuccess: (stored) => client.setQueryData(settingsKeys.notifications, stored),
  });
}

export function useSaveGeneral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveGeneralSettings,
    onSuccess: (stored) => client.setQueryData(settingsKeys.general, stored),
  });
}
