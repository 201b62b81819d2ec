// The check-in screen's query keys and reads (TanStack Query, ../../query.ts).
import { queryOptions } from '@tanstack/react-query';
import { listServices, listStations, presentChildren } from './api';

export const checkinKeys = {
  all: ['checkin'] as const,
  stations: ['checkin', 'stations'] as const,
  services: ['checkin', 'services'] as const,
  present: (serviceId: number) => ['checkin', 'present', serviceId] as const,
};

export const stationsQuery = queryOptions({ queryKey: checkinKeys.stations, queryFn: listStations });
export const servicesQuery = queryOptions({ queryKey: checkinKeys.services, queryFn: listServices });
/** Read again every half minute: children come and go during a service. */
export const presentQuery = (serviceId: number) =>
  queryOptions({
    queryKey: checkinKeys.present(serviceId),
    queryFn: () => presentChildren(serviceId),
    refetchInterval: 30_000,
  });
