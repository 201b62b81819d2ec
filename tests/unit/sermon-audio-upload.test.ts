// uploadSermonAudio against a fake XMLHttpRequest: the request it sends, progress, the server's 400 read by
// the usual error helpers, a 401 refreshed and replayed once, and abort.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorInfo, createApiClient, createTokenStorage, firstFieldErrors } from '../../src/lib/client/api-client';
import { isAbortError, uploadSermonAudio } from '../../src/islands/admin/features/sermons/api';
import { audioFileProblem } from '../../src/islands/admin/features/sermons/model';
import { MAX_AUDIO_SIZE_BYTES } from '../../src/lib/shared/constants';

type Answer = { status: number; body?: unknown } | 'hang';

class FakeXhr {
  static made: FakeXhr[] = [];
  static answers: Answer[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  withCredentials = false;
  responseType = '';
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    const answer = FakeXhr.answers.shift() ?? { status: 200, body: {} };
    if (answer === 'hang') return;
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
      this.status = answer.status;
      this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
      this.onload?.();
    });
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

const sermon = { id: 'grace-abounds', title: 'Grace Abounds', audioUrl: '/api/v1/media/abc.mp3' };
const file = () => new File([new Uint8Array([0x49, 0x44, 0x33, 3])], 'sermon.mp3', { type: 'audio/mpeg' });

function client(access = 'A1') {
  const storage = createTokenStorage(null);
  storage.setTokens({ access, refresh: 'R1' });
  const c = createApiClient({ baseURL: '/api/v1', storage });
  c.refreshAccessToken = vi.fn(async () => {
    storage.setTokens({ access: 'A2' });
    return 'A2';
  });
  return c;
}

beforeEach(() => {
  FakeXhr.made = [];
  FakeXhr.answers = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadSermonAudio', () => {
  it('posts the file as the one multipart field `audio` with the bearer token and reports progress', async () => {
    FakeXhr.answers = [{ status: 200, body: sermon }];
    const seen: number[] = [];
    const answer = await uploadSermonAudio('grace-abounds', file(), { onProgress: (p) => seen.push(p) }, client());
    expect(answer).toEqual(sermon);
    const [xhr] = FakeXhr.made;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/sermons/grace-abounds/audio/');
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer A1', 'X-Platform': 'web' });
    expect(xhr.body).toBeInstanceOf(FormData);
    const sent = xhr.body as FormData;
    expect([...sent.keys()]).toEqual(['audio']);
    expect((sent.get('audio') as File).name).toBe('sermon.mp3');
    expect(seen).toEqual([25, 100, 100]);
  });

  it("rejects a 400 so the form reads the server's message for the audio field", async () => {
    const message = 'Only MP3 or M4A audio is accepted.';
    FakeXhr.answers = [{ status: 400, body: { detail: message, errors: { audio: [message] } } }];
    const error = await uploadSermonAudio('grace-abounds', file(), {}, client()).catch((e: unknown) => e);
    expect(apiErrorInfo(error)).toMatchObject({ status: 400, detail: message });
    expect(firstFieldErrors(error)).toEqual({ audio: message });
  });

  it('refreshes the token once on a 401 and sends again with the new one', async () => {
    FakeXhr.answers = [
      { status: 401, body: { detail: 'expired' } },
      { status: 200, body: sermon },
    ];
    const c = client();
    await expect(uploadSermonAudio('grace-abounds', file(), {}, c)).resolves.toEqual(sermon);
    expect(c.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(FakeXhr.made.map((x) => x.headers.Authorization)).toEqual(['Bearer A1', 'Bearer A2']);
  });

  it('aborts the request when the signal fires', async () => {
    FakeXhr.answers = ['hang'];
    const controller = new AbortController();
    const pending = uploadSermonAudio('grace-abounds', file(), { signal: controller.signal }, client());
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(FakeXhr.made[0].aborted).toBe(true);
  });

  it('a network failure has no status and says so plainly', async () => {
    FakeXhr.answers = ['hang'];
    const pending = uploadSermonAudio('grace-abounds', file(), {}, client());
    FakeXhr.made[0].onerror?.();
    expect(apiErrorInfo(await pending.catch((e: unknown) => e)).status).toBeNull();
  });
});

describe('audioFileProblem', () => {
  it('refuses a file over the audio limit before sending', () => {
    expect(audioFileProblem({ size: MAX_AUDIO_SIZE_BYTES })).toBeNull();
    expect(audioFileProblem({ size: MAX_AUDIO_SIZE_BYTES + 1 })).toMatch(/at most 200 MB/);
  });
});
