// The settings screen's query keys, reads and writes (TanStack Query, ../../query.ts). A save answers with the
// settings as stored, which the screen then shows.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  readGeneralSettings,
  readNotificationSettings,
  readSecuritySettings,
  saveGeneralSettings,
  saveNotificationRecipients,
  saveSecuritySettings,
} from './api';

export const settingsKeys = {
  all: ['settings'] as const,
  notifications: ['settings', 'notifications'] as const,
  general: ['settings', 'general'] as const,
  security: ['settings', 'security'] as const,
};

export const securitySettingsQuery = queryOptions({
  queryKey: settingsKeys.security,
  queryFn: () => readSecuritySettings(),
});

export function useSaveSecurity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSecuritySettings,
    onSuccess: (stored) => client.setQueryData(settingsKeys.security, stored),
  });
}

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
