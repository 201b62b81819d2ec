// The profile's Security section: its query keys and reads (TanStack Query, ../../query.ts).
import { queryOptions } from '@tanstack/react-query';
import { readSessions, readTwoFactor } from './security-api';

export const securityKeys = {
  twoFactor: ['profile', 'two-factor'] as const,
  sessions: ['profile', 'sessions'] as const,
};

export const twoFactorQuery = queryOptions({ queryKey: securityKeys.twoFactor, queryFn: () => readTwoFactor() });
export const sessionsQuery = queryOptions({ queryKey: securityKeys.sessions, queryFn: () => readSessions() });
