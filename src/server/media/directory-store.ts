// The media storage in a directory (MEDIA_DIR): one flat file per key. The content type is not kept beside the
// file: every key ends in the extension its bytes proved (./sniff.ts), which names the type. A file is written
// under a hidden temporary name and renamed into place once complete, so readers never see half a file.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CONTENT_TYPES, type MediaExtension } from './sniff';
import type { MediaBody, MediaStore } from '../kernel/ports';
import { checkKey, resolveRange } from './keys';

export function typeOfKey(key: string): string {
  return CONTENT_TYPES[key.split('.').pop() as MediaExtension] ?? 'application/octet-stream';
}

export function toNodeStream(body: MediaBody): Readable {
  if (body instanceof Readable) return body;
  if (body instanceof Uint8Array) return Readable.from([body]);
  if (body instanceof ReadableStream) return Readable.fromWeb(body as import('node:stream/web').ReadableStream);
  return Readable.from(body);
}

/** Passes bytes through and fails when their count differs from `size` (when given). */
export function countBytes(size: number | undefined): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (size !== undefined && seen > size) return done(new Error(`More than the ${size} bytes announced`));
      done(null, chunk);
    },
    flush(done) {
      if (size !== undefined && seen !== size) return done(new Error(`${seen} bytes instead of ${size}`));
      done();
    },
  });
}

export function directoryStore(dir: string): MediaStore {
  const fileOf = (key: string) => join(dir, checkKey(key));

  async function head(key: string) {
    try {
      const info = await stat(fileOf(key));
      return info.isFile() ? { size: info.size, type: typeOfKey(key) } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  return {
    async put(key, body, { size }) {
      const file = fileOf(key);
      await mkdir(dir, { recursive: true });
      const partial = join(dir, `.${key}.${randomBytes(6).toString('hex')}.part`);
      try {
        await pipeline(toNodeStream(body), countBytes(size), createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    head,
    async get(key, range) {
      const info = await head(key);
      if (!info) return null;
      const span = range ? resolveRange(range, info.size) : undefined;
      if (span === null) return { ...info, unsatisfiable: true };
      const stream = createReadStream(fileOf(key), span ?? {});
      return { ...info, body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, ...(span ? { range: span } : {}) };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
