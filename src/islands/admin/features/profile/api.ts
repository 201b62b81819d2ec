// The own-profile calls (docs/PRODUCT.md (API)): save the profile, upload an avatar.
import { api } from '../../../../lib/client/api-client';
import { auth } from '../../../../lib/client/session';
import type { ProfileUpdate } from '../../../../lib/shared/schemas';
import type { User } from '../../../../lib/shared/users/types';

const looksLikeUser = (value: unknown): value is User =>
  !!value && typeof value === 'object' && 'id' in value && 'username' in value;

/** Saves the changes and shares the new profile with every island at once (sidebar card included). */
export async function saveProfile(changes: ProfileUpdate): Promise<User> {
  const updated = await api<User>('/auth/profile/', { method: 'PATCH', body: changes });
  auth.setUser(updated);
  return updated;
}

export async function uploadAvatar(file: File): Promise<User> {
  const body = new FormData();
  body.append('avatar', file);
  const answer = await api<unknown>('/auth/profile/', { method: 'POST', body });
  // The answer's shape is not fixed by the spec: use it when it is the profile, else read the profile again.
  const updated = looksLikeUser(answer) ? answer : await api<User>('/auth/profile/');
  auth.setUser(updated);
  return updated;
}
