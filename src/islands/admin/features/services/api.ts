// The services' calls (docs/API.md, Services and attendance), one function an endpoint. The list's key is the one
// the Attendance screen reads the services under, so a change here shows there too.
import { api } from '../../../../lib/client/api-client';
import type { Service, ServiceCreate, ServiceUpdate } from '../../../../lib/shared/services/api';

export const serviceKeys = { all: ['services'] as const };

export const listServices = () => api<Service[]>('/services/');

export const createService = (body: ServiceCreate) => api<Service>('/services/', { method: 'POST', body });

export const updateService = (id: number, body: ServiceUpdate) =>
  api<Service>(`/services/${id}/`, { method: 'PATCH', body });

export const retireService = (id: number) => api<void>(`/services/${id}/`, { method: 'DELETE' });
