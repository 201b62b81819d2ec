// The own-profile calls (docs/PRODUCT.md (API)) and the client-side avatar checks (images only, 10 MB).
import { api } from '../../../../lib/client/api-client';
import { auth } from '../../../../lib/client/session';
import { MAX_FILE_SIZE_BYTES } from '../../../../lib/shared/constants';
import type { ProfileUpdate } from '../../../../lib/shared/schemas';
import type { User } from '../../../../lib/shared/user-types';

export const AVATAR_NOT_IMAGE = 'Please choose an image file (JPG, PNG, GIF or WebP).';
export const AVATAR_TOO_LARGE = 'The image is larger than 10 MB. Please choose a smaller one.';
export const AVATAR_FAILED = 'Failed to upload the profile picture. Please try again.';

/** Why a chosen file cannot be an avatar, or null when it may be sent. */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return AVATAR_NOT_IMAGE;
  if (file.size > MAX_FILE_SIZE_BYTES) return AVATAR_TOO_LARGE;
  return null;
}

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
