// Uploads by content: one function takes the bytes of an upload of a given kind, proves the format from the
// first bytes, counts the rest against the kind's limit as they arrive and streams them into the media
// storage under a new random name with the proved extension. Anything else is refused with a 400 naming the
// field, and nothing is stored (the storage only keeps an object whose last byte arrived).
// receiveUpload reads a multipart request as a stream (busboy) for files too big to hold in memory (audio).
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type busboy from 'busboy';
import { MAX_AUDIO_SIZE_BYTES, MAX_FILE_SIZE_BYTES } from '../../lib/shared/constants';
import { ApiError } from '../kernel/errors';
import { MULTIPART_ENVELOPE, limitBody } from '../kernel/body';
import { CONTENT_TYPES, SNIFF_BYTES, sniffAudio, sniffImage, type MediaExtension } from './sniff';
import type { MediaStore } from '../kernel/ports';
import { toNodeStream } from './directory-store';

export { MAX_AUDIO_SIZE_BYTES };

export const UPLOAD_KINDS = {
  image: {
    limit: MAX_FILE_SIZE_BYTES,
    sniff: sniffImage,
    missing: 'Please choose an image file.',
    refused: 'Only PNG, JPEG, GIF or WebP images are accepted.',
  },
  audio: {
    limit: MAX_AUDIO_SIZE_BYTES,
    sniff: sniffAudio,
    missing: 'Please choose an audio file.',
    refused: 'Only MP3 or M4A audio is accepted.',
  },
} satisfies Record<
  string,
  { limit: number; sniff: (b: Uint8Array) => MediaExtension | null; missing: string; refused: string }
>;

export type UploadKind = keyof typeof UPLOAD_KINDS;

/** A 400 whose message is also the field's (docs/API.md's error shape). */
export function fieldRefusal(field: string, message: string): ApiError {
  return new ApiError(400, message, { [field]: [message] });
}

export function tooLarge(field: string, kind: UploadKind): ApiError {
  return fieldRefusal(field, `The file is too large (at most ${UPLOAD_KINDS[kind].limit} bytes).`);
}

/** Route middleware (first in the list) of an upload of `kind`: its file's limit and the multipart envelope. */
export const limitUploadBody = (kind: UploadKind, tooLarge?: () => ApiError) =>
  limitBody(UPLOAD_KINDS[kind].limit + MULTIPART_ENVELOPE, tooLarge);

/**
 * Stores one uploaded file of `kind` from its bytes (a stream, read once) and answers its new name. Throws the
 * field's 400 when the bytes are not that kind, empty, or over the limit (counted as they arrive).
 */
export async function storeUpload(
  store: MediaStore,
  kind: UploadKind,
  field: string,
  bytes: Readable | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): Promise<string> {
  const rules = UPLOAD_KINDS[kind];
  const source = toNodeStream(bytes)[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const first: Uint8Array[] = [];
  let received = 0;
  let done = false;
  while (received < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) {
      done = true;
      break;
    }
    first.push(next.value);
    received += next.value.length;
  }
  const head = Buffer.concat(first);
  const extension = received > 0 ? rules.sniff(head) : null;
  if (!extension) {
    await source.return?.();
    throw fieldRefusal(field, rules.refused);
  }
  if (received > rules.limit) throw tooLarge(field, kind);

  async function* rest() {
    yield head;
    if (done) return;
    for (let next = await source.next(); !next.done; next = await source.next()) {
      received += next.value.length;
      if (received > rules.limit) throw tooLarge(field, kind);
      yield next.value;
    }
  }
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  await store.put(name, Readable.from(rest()), { type: CONTENT_TYPES[extension] });
  return name;
}

/**
 * The one file field `field` of a streamed multipart request, stored as `kind`; the request is read as it
 * arrives, never whole. Refuses other fields and files, and a form without the file.
 */
export async function receiveUpload(
  store: MediaStore,
  request: Request,
  field: string,
  kind: UploadKind,
): Promise<string> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    throw fieldRefusal(field, `Send the file as multipart/form-data in a field named ${field}.`);
  }
  // Loaded with the first upload, not at start.
  const { default: parse } = await import('busboy');
  let parser: busboy.Busboy;
  try {
    parser = parse({ headers: { 'content-type': type } });
  } catch {
    throw new ApiError(400, 'The upload could not be read as multipart form data.');
  }
  return new Promise<string>((resolve, reject) => {
    let stored: Promise<string> | undefined;
    const fail = (err: unknown) => {
      body.unpipe(parser);
      body.resume(); // drain what is left so the answer can be sent on this connection
      reject(err);
    };
    parser.on('file', (name, file) => {
      if (name !== field || stored) {
        file.resume();
        return fail(fieldRefusal('_', `Unknown field(s): ${name}`));
      }
      stored = storeUpload(store, kind, field, file);
      stored.catch((err) => {
        file.resume();
        fail(err);
      });
    });
    parser.on('field', (name) => fail(fieldRefusal('_', `Unknown field(s): ${name}`)));
    parser.on('error', () => fail(new ApiError(400, 'The upload could not be read as multipart form data.')));
    parser.on('close', () => {
      if (!stored) return fail(fieldRefusal(field, UPLOAD_KINDS[kind].missing));
      stored.then(resolve, reject);
    });
    const body = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);
    body.on('error', (err) => fail(err));
    body.pipe(parser);
  });
}
