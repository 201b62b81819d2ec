// The children's check-in calls staff make (docs/API.md, Children's check-in): stations and who is in the building.
import { api } from '../../../../lib/client/api-client';
import type { PresentAnswer, Station, StationCreate } from '../../../../lib/shared/checkin/api';
import type { Service } from '../../../../lib/shared/services/api';

/** GET /stations/ (the scope's, by name) */
export const listStations = () => api<Station[]>('/stations/');

/** POST /stations/: the new station's one-use pairing code (ADMIN and above). */
export const addStation = (body: StationCreate) =>
  api<{ id: number; pairingCode: string }>('/stations/', { method: 'POST', body });

/** DELETE /stations/{id}/: unpaired at once. */
export const removeStation = (id: number) => api<void>(`/stations/${id}/`, { method: 'DELETE' });

/** GET /services/ (the scope's) */
export const listServices = () => api<Service[]>('/services/');

/** GET /checkin/present/?serviceId=: children checked in today and not collected. */
export const presentChildren = (serviceId: number) => api<PresentAnswer>('/checkin/present/', { query: { serviceId } });
