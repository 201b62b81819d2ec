// The media storage: one interface for every uploaded file (avatars today, sermon audio and images next),
// with two drivers — a directory (MEDIA_DIR, ./directory-store.ts) and S3-compatible object storage
// (S3_* variables, ./s3-store.ts) so several instances can share it (docs/DEPLOY.md).
//
// Why the interface looks as it does:
// - Four verbs (put, head, get, delete) are all both backends do well; anything richer (listing, renaming,
//   metadata edits) would have to be emulated on one of them, and nothing needs it.
// - Bodies are streams both ways, so a 200 MB sermon never sits in memory; put also takes bytes for small files.
// - `get` takes the byte range a client asked for (first bytes, a middle slice, `bytes=-N`, `bytes=N-`) and
//   answers the size and type with the body, because a Range answer needs all three (Content-Range, seeking in
//   podcast apps and <audio>). An unsatisfiable range is an answer (the size, for `Content-Range: bytes */size`),
//   not an error; a missing key is null.
// - The type stored is the one the bytes proved at upload (./sniff.ts), never what the client declared.
// - Keys are flat names (`<random>.<ext>`); anything that could climb out of a directory or name a folder is
//   refused by every driver, so a key can never reach a file outside the storage.
// - put only makes an object visible once its last byte arrived: a refused or broken upload leaves nothing.
import type { ServerConfig } from '../config';
import type { MediaStore } from '../kernel/ports';
import { directoryStore } from './directory-store';
import { s3Store } from './s3-store';

export type {
  ByteSpan,
  MediaBody,
  MediaContent,
  MediaInfo,
  MediaRead,
  MediaStore,
  MediaUnsatisfiable,
  RangeRequest,
} from '../kernel/ports';

/** Where a stored file is served (media/routes.ts): this prefix and its name. */
export const MEDIA_PATH = '/api/v1/media/';

/** S3 when its variables are set (config.ts checks they come all or none), else the media directory. */
export function createMediaStore(config: ServerConfig): MediaStore {
  return config.s3 ? s3Store(config.s3) : directoryStore(config.mediaDir);
}
