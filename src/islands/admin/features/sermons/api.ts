// The sermons screen's calls (docs/API.md), one function an endpoint. Staff get every status from the list.
import { FetchError } from 'ofetch';
import { api, errorStatus, type ApiClient } from '../../../../lib/client/api-client';
import { PLATFORM, PLATFORM_HEADER } from '../../../../lib/shared/constants';
import { collectionCalls } from '../../collection-calls';
import type { SermonAnswer, SermonCreate, SermonUpdate } from '../../../../lib/shared/live/api';

export const SERMONS_PATH = '/sermons/';
const sermons = collectionCalls<SermonAnswer, SermonCreate, SermonUpdate>(SERMONS_PATH);
const one = sermons.one;

/** GET /sermons/, POST /sermons/, PATCH /sermons/{id}/, DELETE /sermons/{id}/ */
export const { list: listSermons, create: createSermon, update: updateSermon, remove: deleteSermon } = sermons;

export interface UploadOptions {
  /** Called with the share sent so far, 0 to 100, as the browser reports it. */
  onProgress?: (percent: number) => void;
  /** Aborting stops the upload; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
}

/** POST /sermons/{id}/audio/ (multipart, one field `audio`): resolves with the sermon and its new audioUrl.
 * fetch cannot report upload progress, so this one call uses XMLHttpRequest, with the api client's token
 * (refreshed once on a 401, as the client does). A refusal rejects with the same FetchError shape the client
 * throws, so apiErrorInfo and firstFieldErrors read the server's message. */
export async function uploadSermonAudio(
  id: string,
  file: Blob,
  options: UploadOptions = {},
  client: ApiClient = api,
): Promise<SermonAnswer> {
  const url = `${client.baseURL}${one(id)}audio/`;
  const token = client.storage.getAccess();
  try {
    return await sendAudio(url, file, token, options);
  } catch (error) {
    if (errorStatus(error) !== 401) throw error;
    const current = client.storage.getAccess();
    if (!current || current === token) {
      try {
        await client.refreshAccessToken();
      } catch {
        throw error;
      }
    }
    return sendAudio(url, file, client.storage.getAccess(), options);
  }
}

function sendAudio(url: string, file: Blob, token: string | null, { onProgress, signal }: UploadOptions) {
  return new Promise<SermonAnswer>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader(PLATFORM_HEADER, PLATFORM);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(body as SermonAnswer);
      } else reject(httpError(xhr.status, body));
    };
    xhr.onerror = () => {
      done();
      reject(httpError(0, undefined));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    const form = new FormData();
    form.append('audio', file, file instanceof File ? file.name : 'audio');
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** An answer that is not 2xx, shaped like ofetch's error (status 0: the request never got an answer). */
function httpError(status: number, data: unknown): FetchError {
  const error = new FetchError(status ? `Upload failed (${status})` : 'Upload failed: no answer from the server');
  if (status) {
    error.status = status;
    error.statusCode = status;
  }
  error.data = data;
  return error;
}

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
