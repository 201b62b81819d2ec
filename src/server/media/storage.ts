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
import type { Readable } from 'node:stream';
import type { ServerConfig } from '../config';
import { directoryStore } from './directory-store';
import { s3Store } from './s3-store';

/** Where a stored file is served (media/routes.ts): this prefix and its name. */
export const MEDIA_PATH = '/api/v1/media/';

export interface MediaInfo {
  size: number;
  /** The content type the bytes proved at upload. */
  type: string;
}

/** A byte range as a client asks for it: `bytes=start-end`, `bytes=start-` or `bytes=-suffix`. */
export type RangeRequest = { start: number; end?: number } | { suffix: number };

export interface MediaContent extends MediaInfo {
  body: ReadableStream<Uint8Array>;
  /** The bytes the body holds (inclusive); absent for the whole file. */
  range?: ByteSpan;
}

/** A range that lies outside the file: its size, for `Content-Range: bytes *\/size`. */
export interface MediaUnsatisfiable extends MediaInfo {
  unsatisfiable: true;
}

export type MediaRead = MediaContent | MediaUnsatisfiable;

export interface ByteSpan {
  start: number;
  end: number;
}

export type MediaBody = Uint8Array | Readable | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface MediaStore {
  /** Stores the object; `size`, when given, must match the bytes received. Visible only once complete. */
  put(key: string, body: MediaBody, info: { type: string; size?: number }): Promise<void>;
  head(key: string): Promise<MediaInfo | null>;
  get(key: string, range?: RangeRequest): Promise<MediaRead | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Flat names only: no slashes, no leading dot, no `..`. */
const MEDIA_KEY = /^[a-z0-9][a-z0-9_-]{0,127}(\.[a-z0-9]{1,8})?$/i;

export function checkKey(key: string): string {
  if (!MEDIA_KEY.test(key)) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
  return key;
}

/** The inclusive span a range request covers in a file of `size` bytes, or null when none of it exists. */
export function resolveRange(range: RangeRequest, size: number): ByteSpan | null {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/**
 * A `Range:` header as a RangeRequest; undefined (serve the whole file) when it is absent, not in bytes,
 * malformed or asks for several ranges, which RFC 9110 lets a server ignore.
 */
export function parseRangeHeader(header: string | undefined): RangeRequest | undefined {
  const m = /^bytes=\s*(\d*)-(\d*)\s*$/.exec(header ?? '');
  if (!m || (!m[1] && !m[2])) return undefined;
  if (!m[1]) return { suffix: Number(m[2]) };
  return { start: Number(m[1]), ...(m[2] ? { end: Number(m[2]) } : {}) };
}

/** S3 when its variables are set (config.ts checks they come all or none), else the media directory. */
export function createMediaStore(config: ServerConfig): MediaStore {
  return config.s3 ? s3Store(config.s3) : directoryStore(config.mediaDir);
}

// app.ts's body limit answers an oversized avatar with the avatar's own refusal.
export { avatarTooLarge } from './avatars';
