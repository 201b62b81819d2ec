// The media storage in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2…), shared by every
// instance. aws4fetch signs plain fetch requests (SigV4), which is all four verbs need; the payload is sent
// unsigned (UNSIGNED-PAYLOAD) so a stream never has to be read twice. Object URLs are path-style
// (endpoint/bucket/key), which every S3-compatible service accepts.
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../config';
import { countBytes, toNodeStream } from './directory-store';
import type { MediaInfo, MediaStore } from '../kernel/ports';
import { checkKey, resolveRange } from './keys';

export function s3Store(s3: S3Config): MediaStore {
  const client = new AwsClient({
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
    service: 's3',
  });
  const base = `${s3.endpoint.replace(/\/$/, '')}/${encodeURIComponent(s3.bucket)}/`;
  const urlOf = (key: string) => base + checkKey(key);

  async function call(method: string, key: string, init: RequestInit = {}, ok = [200]) {
    const res = await client.fetch(urlOf(key), { method, ...init });
    if (!ok.includes(res.status)) {
      await res.body?.cancel();
      throw new Error(`S3 ${method} ${key}: ${res.status} ${res.statusText}`);
    }
    return res;
  }

  const infoOf = (res: Response): MediaInfo => ({
    size: Number(res.headers.get('content-length')),
    type: res.headers.get('content-type') ?? 'application/octet-stream',
  });

  async function head(key: string) {
    const res = await call('HEAD', key, {}, [200, 404]);
    return res.status === 404 ? null : infoOf(res);
  }

  return {
    async put(key, body, { type, size }) {
      checkKey(key);
      // S3's PUT needs the length up front: a stream is first spooled to a temporary file (on disk, not in
      // memory), whose file-backed Blob then goes out with its exact length.
      const dir = await mkdtemp(join(tmpdir(), 'media-'));
      try {
        const file = join(dir, 'upload');
        await pipeline(toNodeStream(body), countBytes(size), createWriteStream(file));
        await call('PUT', key, { body: await openAsBlob(file), headers: { 'Content-Type': type } });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    head,
    async get(key, range) {
      if (!range) {
        const res = await call('GET', key, {}, [200, 404]);
        if (res.status === 404 || !res.body) return null;
        return { ...infoOf(res), body: res.body };
      }
      // The size decides what a suffix or open range means, and what an unsatisfiable one answers.
      const info = await head(key);
      if (!info) return null;
      const span = resolveRange(range, info.size);
      if (!span) return { ...info, unsatisfiable: true };
      const res = await call('GET', key, { headers: { Range: `bytes=${span.start}-${span.end}` } }, [206, 404]);
      if (res.status === 404 || !res.body) return null;
      return { ...info, body: res.body, range: span };
    },
    async delete(key) {
      await call('DELETE', key, {}, [200, 204, 404]);
    },
  };
}
