// Avatar files: accepted by content (magic bytes), never by name or declared type; stored under
// DATA_DIR/uploads with a random name; served back with the type the content proved.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_FILE_SIZE_BYTES } from '../../lib/shared/constants';
import { ApiError } from '../http/errors';

export type ImageKind = 'png' | 'jpg' | 'gif' | 'webp';

export const CONTENT_TYPES: Record<ImageKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The image format the bytes prove, or null. */
export function sniffImage(b: Uint8Array): ImageKind | null {
  const starts = (sig: number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export const MEDIA_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

/** docs/API.md: an avatar over the limit answers 400 (also when the body limit stops the upload early). */
export function avatarTooLarge(): ApiError {
  const msg = `The file is too large (at most ${MAX_FILE_SIZE_BYTES} bytes).`;
  return new ApiError(400, msg, { avatar: [msg] });
}

/** Validates the multipart field and stores it; answers the stored file name. */
export async function storeAvatar(uploadsDir: string, value: unknown): Promise<string> {
  if (!(value instanceof File)) {
    throw new ApiError(400, 'Please choose an image file.', { avatar: ['Please choose an image file.'] });
  }
  if (value.size > MAX_FILE_SIZE_BYTES) throw avatarTooLarge();
  const bytes = new Uint8Array(await value.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind || bytes.length === 0) {
    const msg = 'Only PNG, JPEG, GIF or WebP images are accepted.';
    throw new ApiError(400, msg, { avatar: [msg] });
  }
  await mkdir(uploadsDir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${kind}`;
  await writeFile(join(uploadsDir, name), bytes, { flag: 'wx' });
  return name;
}

export async function removeUpload(uploadsDir: string, name: string | null | undefined) {
  if (name && MEDIA_NAME.test(name)) await rm(join(uploadsDir, name), { force: true }).catch(() => undefined);
}

export async function readUpload(uploadsDir: string, name: string) {
  if (!MEDIA_NAME.test(name)) return null;
  try {
    const data = await readFile(join(uploadsDir, name));
    return { data, type: CONTENT_TYPES[name.split('.')[1] as ImageKind] };
  } catch {
    return null;
  }
}
