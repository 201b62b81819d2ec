// The events screen's query keys and reads (TanStack Query, ../../query.ts).
import { queryOptions } from '@tanstack/react-query';
import { listEvents, listRegistrations } from './api';

export const eventKeys = {
  all: ['events'] as const,
  list: ['events', 'list'] as const,
  registrations: (id: string) => ['events', 'registrations', id] as const,
};

export const eventsQuery = queryOptions({ queryKey: eventKeys.list, queryFn: () => listEvents() });

export const registrationsQuery = (id: string) =>
  queryOptions({ queryKey: eventKeys.registrations(id), queryFn: () => listRegistrations(id) });
