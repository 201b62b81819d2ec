/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The media storage: one suite run against both drivers (a directory, and S3 through s3rver on a random
// local port), then serving with ranges over real HTTP, uploads by content and the move of old avatar files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { directoryStore } from '../../src/server/media/directory-store';
import { s3Store } from '../../src/server/media/s3-store';
import type { MediaStore, RangeRequest } from '../../src/server/media/storage';
import { receiveUpload, storeUpload } from '../../src/server/media/upload';
import { moveOldUploads } from '../../src/server/media/migrate';
import { ApiError } from '../../src/server/kernel/errors';
import { ConfigError, loadConfig } from '../../src/server/config';
import { PNG, startApi, type TestApi } from './helpers';

const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const text = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());
/** A minimal MP3: an MPEG-1 Layer III frame header (128 kbps, 44.1 kHz) and its 417-byte frame. */
const MP3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);

const tmp = () => mkdtempSync(join(tmpdir(), 'church-media-'));
const dirs: string[] = [];
let s3rver: S3rver;
let s3Endpoint = '';

beforeAll(async () => {
  const dir = tmp();
  dirs.push(dir);
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'media' }],
  });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3rver?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const drivers: [string, () => MediaStore][] = [
  [
    'directory',
    () => {
      const dir = tmp();
      dirs.push(dir);
      return directoryStore(dir);
    },
  ],
  [
    's3',
    () =>
      s3Store({
        endpoint: s3Endpoint,
        bucket: 'media',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        region: 'us-east-1',
      }),
  ],
];

describe.each(drivers)('media storage: %s driver', (_name, make) => {
  let store: MediaStore;
  beforeAll(async () => {
    store = make();
    await store.put('sample.mp3', BYTES, { type: 'audio/mpeg' });
  });

  it('puts, heads, gets whole and deletes', async () => {
    await store.put('photo.png', Readable.from([PNG]), { type: 'image/png', size: PNG.length });
    expect(await store.head('photo.png')).toEqual({ size: PNG.length, type: 'image/png' });
    const read: any = await store.get('photo.png');
    expect(read.range).toBeUndefined();
    expect(read.size).toBe(PNG.length);
    expect((await text(read.body)).equals(PNG)).toBe(true);
    await store.delete('photo.png');
    expect(await store.head('photo.png')).toBeNull();
    expect(await store.get('photo.png')).toBeNull();
    await store.delete('photo.png'); // deleting twice is fine
  });

  it('answers null for a missing key', async () => {
    expect(await store.head('missing.mp3')).toBeNull();
    expect(await store.get('missing.mp3')).toBeNull();
    expect(await store.get('missing.mp3', { start: 0, end: 1 })).toBeNull();
  });

  it.each<[string, RangeRequest, number, number]>([
    ['the first bytes', { start: 0, end: 9 }, 0, 9],
    ['a middle slice', { start: 100, end: 199 }, 100, 199],
    ['a suffix (bytes=-N)', { suffix: 50 }, 950, 999],
    ['a suffix longer than the file', { suffix: 5000 }, 0, 999],
    ['an open end (bytes=N-)', { start: 990 }, 990, 999],
    ['an end past the file', { start: 998, end: 5000 }, 998, 999],
  ])('reads %s', async (_what, range, start, end) => {
    const read: any = await store.get('sample.mp3', range);
    expect(read).toMatchObject({ size: 1000, type: 'audio/mpeg', range: { start, end } });
    expect((await text(read.body)).equals(BYTES.subarray(start, end + 1))).toBe(true);
  });

  it.each<RangeRequest>([{ start: 1000 }, { start: 5000, end: 6000 }, { suffix: 0 }, { start: 10, end: 5 }])(
    'answers an unsatisfiable range with the size only: %j',
    async (range) => {
      expect(await store.get('sample.mp3', range)).toEqual({ size: 1000, type: 'audio/mpeg', unsatisfiable: true });
    },
  );

  it('refuses keys that could leave the storage', async () => {
    for (const key of ['../jwt-secret', '..', 'a/b.png', '/etc/passwd', '.hidden', 'a\\b', '', 'x.png/..']) {
      await expect(store.put(key, BYTES, { type: 'image/png' })).rejects.toThrow(/Invalid media key/);
      await expect(store.head(key)).rejects.toThrow(/Invalid media key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid media key/);
      await expect(store.delete(key)).rejects.toThrow(/Invalid media key/);
    }
  });

  it('keeps nothing from a broken or mis-sized upload', async () => {
    async function* broken() {
      yield BYTES;
      throw new Error('connection lost');
    }
    await expect(store.put('broken.mp3', broken(), { type: 'audio/mpeg' })).rejects.toThrow('connection lost');
    expect(await store.head('broken.mp3')).toBeNull();
    await expect(store.put('short.mp3', BYTES, { type: 'audio/mpeg', size: 2000 })).rejects.toThrow();
    expect(await store.head('short.mp3')).toBeNull();
  });

  it('stores uploads by content under a new name, and refuses anything else storing nothing', async () => {
    const name = await storeUpload(store, 'audio', 'audio', Readable.from([MP3]));
    expect(name).toMatch(/^[a-f0-9]{32}\.mp3$/);
    expect(await store.head(name)).toEqual({ size: MP3.length, type: 'audio/mpeg' });
    const image = await storeUpload(store, 'image', 'avatar', Readable.from([PNG.subarray(0, 3), PNG.subarray(3)]));
    expect(await store.head(image)).toEqual({ size: PNG.length, type: 'image/png' });

    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (err: ApiError) => ({ status: err.status, body: err.body() }),
      );
    expect(await refusal(storeUpload(store, 'audio', 'audio', Readable.from([PNG])))).toEqual({
      status: 400,
      body: { detail: 'Only MP3 or M4A audio is accepted.', errors: { audio: ['Only MP3 or M4A audio is accepted.'] } },
    });
    expect(await refusal(storeUpload(store, 'image', 'avatar', Readable.from([])))).toMatchObject({ status: 400 });
    // Over the limit, found while streaming: 10 MB of image and a byte more.
    async function* big() {
      yield PNG;
      for (let i = 0; i < 10; i++) yield Buffer.alloc(1024 * 1024);
    }
    expect(await refusal(storeUpload(store, 'image', 'photo', big()))).toMatchObject({
      status: 400,
      body: { errors: { photo: [expect.stringMatching(/too large/)] } },
    });
  });
});

describe('media over HTTP', () => {
  let api: TestApi;
  let name: string;
  beforeAll(async () => {
    api = await startApi('sqlite', { members: 0 });
    const store = directoryStore(api.config.uploadsDir);
    name = await storeUpload(store, 'audio', 'audio', Readable.from([MP3]));
  });
  afterAll(() => api?.close());

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${api.url}/api/v1/media/${path}`, { method, headers });

  it('serves the whole file with ranges advertised and immutable caching', async () => {
    const res = await get(name);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'accept-ranges': 'bytes',
      'content-length': String(MP3.length),
      'content-type': 'audio/mpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
    });
    expect(Buffer.from(await res.arrayBuffer()).equals(MP3)).toBe(true);
  });

  it.each([
    ['bytes=0-3', 0, 3],
    ['bytes=100-199', 100, 199],
    ['bytes=-17', 400, 416],
    ['bytes=410-', 410, 416],
  ])('answers Range: %s with 206', async (range, start, end) => {
    const res = await get(name, { Range: range });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${MP3.length}`);
    expect(res.headers.get('content-length')).toBe(String(end - start + 1));
    expect(Buffer.from(await res.arrayBuffer()).equals(MP3.subarray(start, end + 1))).toBe(true);
  });

  it('answers an unsatisfiable range with 416 and the size, and ignores one it cannot read', async () => {
    const res = await get(name, { Range: 'bytes=5000-' });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${MP3.length}`);
    const multi = await get(name, { Range: 'bytes=0-1,5-6' });
    expect(multi.status).toBe(200);
    expect(multi.headers.get('content-length')).toBe(String(MP3.length));
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get(name, {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(MP3.length));
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const part = await get(name, { Range: 'bytes=0-9' }, 'HEAD');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${MP3.length}`);
  });

  it('answers 404 for a missing or impossible name', async () => {
    for (const path of ['0123456789abcdef0123456789abcdef.mp3', '..%2Fchurch.db', 'x.exe']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('streamed multipart uploads', () => {
  let store: MediaStore;
  let dir: string;
  beforeAll(() => {
    dir = tmp();
    dirs.push(dir);
    store = directoryStore(dir);
  });
  const request = (form: FormData) => new Request('http://x/', { method: 'POST', body: form });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (err: ApiError) => (err.body() as any).errors,
    );

  it('stores the one file field and refuses other fields, a missing file and bad content', async () => {
    const form = new FormData();
    form.append('audio', new Blob([MP3]), 'talk.mp3');
    const name = await receiveUpload(store, request(form), 'audio', 'audio');
    expect(readdirSync(dir)).toEqual([name]);

    const other = new FormData();
    other.append('title', 'x');
    expect(await refusal(receiveUpload(store, request(other), 'audio', 'audio'))).toMatchObject({
      _: ['Unknown field(s): title'],
    });
    expect(await refusal(receiveUpload(store, request(new FormData()), 'audio', 'audio'))).toMatchObject({
      audio: ['Please choose an audio file.'],
    });
    const bad = new FormData();
    bad.append('audio', new Blob([PNG]), 'talk.mp3');
    expect(await refusal(receiveUpload(store, request(bad), 'audio', 'audio'))).toMatchObject({
      audio: ['Only MP3 or M4A audio is accepted.'],
    });
    const json = new Request('http://x/', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect((await refusal(receiveUpload(store, json, 'audio', 'audio')))?.audio).toBeDefined();
    expect(readdirSync(dir)).toEqual([name]);
  });
});

describe('old avatar files', () => {
  it('are moved from DATA_DIR/uploads into the storage once', async () => {
    const uploads = tmp();
    const media = tmp();
    dirs.push(uploads, media);
    const name = '0123456789abcdef0123456789abcdef.png';
    writeFileSync(join(uploads, name), PNG);
    writeFileSync(join(uploads, 'notes.txt'), 'not ours');
    const store = directoryStore(media);
    expect(await moveOldUploads(uploads, store, media)).toBe(1);
    expect(await store.head(name)).toEqual({ size: PNG.length, type: 'image/png' });
    expect(existsSync(join(uploads, name))).toBe(false);
    expect(existsSync(join(uploads, 'notes.txt'))).toBe(true);
    expect(await moveOldUploads(uploads, store, media)).toBe(0);
    expect(await moveOldUploads(join(uploads, 'none'), store, media)).toBe(0);
    // A media directory that is the old folder itself: nothing to move.
    mkdirSync(join(media, 'same'));
    expect(await moveOldUploads(join(media, 'same'), store, join(media, 'same'))).toBe(0);
  });
});

describe('S3 configuration', () => {
  const S3 = {
    S3_ENDPOINT: 'https://s3.example.org',
    S3_BUCKET: 'media',
    S3_ACCESS_KEY_ID: 'id',
    S3_SECRET_ACCESS_KEY: 'secret',
    S3_REGION: 'auto',
  };
  const dir = () => {
    const d = tmp();
    dirs.push(d);
    return d;
  };

  it('uses S3 with all five variables and the media directory with none', () => {
    expect(loadConfig({ DATA_DIR: dir(), ...S3 }).s3).toEqual({
      endpoint: 'https://s3.example.org',
      bucket: 'media',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      region: 'auto',
    });
    expect(loadConfig({ DATA_DIR: dir() }).s3).toBeNull();
  });

  it('refuses a partial set, naming what is missing', () => {
    const partial = { DATA_DIR: dir(), S3_ENDPOINT: S3.S3_ENDPOINT, S3_BUCKET: 'media' };
    expect(() => loadConfig(partial)).toThrow(ConfigError);
    expect(() => loadConfig(partial)).toThrow(/S3_ACCESS_KEY_ID is required when S3_ENDPOINT, S3_BUCKET are set/);
    expect(() => loadConfig(partial)).toThrow(/S3_REGION is required/);
  });
});
