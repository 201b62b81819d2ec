// Sermon audio over real HTTP, on every backend: a pastor uploads an MP3 (judged by its bytes), the sermon
// points at it, the file is served with ranges for players that seek; anything else is refused and stores
// nothing; a new upload replaces (and removes) the old file.
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/server/kernel/context';
import { directoryStore } from '../../src/server/media/directory-store';
import { audioFile } from '../../src/server/sermons/service';
import { backends, startApi, type TestApi } from './helpers';

/** An ID3v2 tag then MPEG-1 Layer III frames: what an MP3 file starts with. */
const MP3 = new Uint8Array(4096);
MP3.set([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
MP3.set([0xff, 0xfb, 0x90, 0x64], 10);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const form = (field: string, bytes: Uint8Array<ArrayBuffer>, name = 'sermon.mp3') => {
  const body = new FormData();
  body.append(field, new Blob([bytes]), name);
  return body;
};

describe.each(backends())('sermon audio on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  const files = async () => (await readdir(api.config.uploadsDir).catch(() => [] as string[])).sort();
  beforeAll(async () => {
    api = await startApi(backend);
    pastor = await api.tokenFor('pastor');
  });
  afterAll(() => api.close());

  it('stores an MP3, points the sermon at it and serves it with ranges', async () => {
    const before = await files();
    const res = await api.request('POST', '/sermons/walking-in-faith/audio/', {
      token: pastor,
      raw: form('audio', MP3),
    });
    expect(res.status).toBe(200);
    expect(res.body.audioUrl).toMatch(/^\/api\/v1\/media\/[a-f0-9]{32}\.mp3$/);
    expect((await files()).length).toBe(before.length + 1);
    const path = res.body.audioUrl.replace('/api/v1', '');
    const whole = await api.request('GET', path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(whole.headers.get('content-length')).toBe(String(MP3.length));
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const part = await api.request('GET', path, { headers: { range: 'bytes=10-13' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-13/${MP3.length}`);
    // What the podcast feed's enclosure says: the stored file's real length and proved type.
    const deps = { media: directoryStore(api.config.uploadsDir) } as AppDeps;
    expect(await audioFile(deps, res.body.audioUrl)).toEqual({ size: MP3.length, type: 'audio/mpeg' });
    expect((await audioFile(deps, '/audio/walking-in-faith.mp3'))?.size).toBeGreaterThan(1000);
    expect(await audioFile(deps, '/audio/../../package.json')).toBeUndefined();
    const activity = await api.request('GET', '/auth/activity/', { token: pastor });
    expect(activity.body[0].action).toContain('updated the sermon');

    // A second upload replaces the first, whose file goes.
    const again = await api.request('POST', '/sermons/walking-in-faith/audio/', {
      token: pastor,
      raw: form('audio', MP3),
    });
    expect(again.status).toBe(200);
    expect(again.body.audioUrl).not.toBe(res.body.audioUrl);
    expect((await api.request('GET', path)).status).toBe(404);
    expect((await files()).length).toBe(before.length + 1);
  });

  it('refuses what is not audio, anonymous callers and unknown sermons, storing nothing', async () => {
    const before = await files();
    const sermon = (await api.request('GET', '/sermons/power-of-prayer/', { token: pastor })).body;
    const png = await api.request('POST', '/sermons/power-of-prayer/audio/', {
      token: pastor,
      raw: form('audio', PNG, 'sermon.mp3'),
    });
    expect(png.status).toBe(400);
    expect(png.body.errors.audio).toHaveLength(1);
    const wrongField = await api.request('POST', '/sermons/power-of-prayer/audio/', {
      token: pastor,
      raw: form('file', MP3),
    });
    expect(wrongField.status).toBe(400);
    const json = await api.request('POST', '/sermons/power-of-prayer/audio/', { token: pastor, body: {} });
    expect(json.status).toBe(400);
    expect((await api.request('POST', '/sermons/power-of-prayer/audio/', { raw: form('audio', MP3) })).status).toBe(
      401,
    );
    const missing = await api.request('POST', '/sermons/no-such-sermon/audio/', {
      token: pastor,
      raw: form('audio', MP3),
    });
    expect(missing.status).toBe(404);
    expect(await files()).toEqual(before);
    expect((await api.request('GET', '/sermons/power-of-prayer/', { token: pastor })).body).toEqual(sermon);
  });
});
