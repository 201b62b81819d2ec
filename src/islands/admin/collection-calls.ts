// The calls every staff collection of docs/API.md answers the same way: GET and POST on its path, PATCH and
// DELETE on the path of one item (`/events/{id}/`). A feature's api.ts names them and adds its own.
import { api } from '../../lib/client/api-client';

export function collectionCalls<T, Create extends object, Update extends object>(path: string) {
  const one = (id: string | number) => `${path}${encodeURIComponent(id)}/`;
  return {
    one,
    list: () => api<T[]>(path),
    create: (input: Create) => api<T>(path, { method: 'POST', body: input }),
    update: (id: string, changes: Update) => api<T>(one(id), { method: 'PATCH', body: changes }),
    remove: (id: string) => api<void>(one(id), { method: 'DELETE' }),
  };
}
