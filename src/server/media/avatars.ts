// Avatars in the media storage: the `avatar` field of a profile upload (read whole by Hono's parseBody, which
// the 10 MB limit keeps cheap), stored through the same upload rules as every other image.
import { MAX_FILE_SIZE_BYTES } from '../../lib/shared/constants';
import { fieldRefusal, limitUploadBody, storeUpload, tooLarge } from './upload';
import type { MediaStore } from '../kernel/ports';

/** The file names avatars (and every other upload) are stored under. */
export const MEDIA_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp|mp3|m4a)$/;

/** docs/API.md: an avatar over the limit answers 400 (also when the body limit stops the upload early). */
export function avatarTooLarge() {
  return tooLarge('avatar', 'image');
}

/** Route middleware of an avatar upload, first in its list: a body over the limit gets the avatar's 400. */
export const limitAvatarBody = limitUploadBody('image', avatarTooLarge);

/** Validates the multipart field and stores it; answers the stored file name. */
export async function storeAvatar(store: MediaStore, value: unknown): Promise<string> {
  if (!(value instanceof File)) throw fieldRefusal('avatar', 'Please choose an image file.');
  if (value.size > MAX_FILE_SIZE_BYTES) throw avatarTooLarge();
  return storeUpload(store, 'image', 'avatar', value.stream());
}

/** Removes a stored avatar; a name that is not ours (or a failure) is ignored, as the photo is already replaced. */
export async function removeAvatar(store: MediaStore, name: string | null | undefined) {
  if (name && MEDIA_NAME.test(name)) await store.delete(name).catch(() => undefined);
}
