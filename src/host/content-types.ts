// What the built site's files are, by extension: the Content-Type the shell serves them with (./static-files.ts),
// and whether compressing is worth it (text is; images, audio and fonts are compressed already). The build step
// (./precompress.ts) and the on-the-fly compression of live pages (./encoding.ts) ask the same question here.

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  ics: 'text/calendar; charset=utf-8',
  svg: 'image/svg+xml',
  wasm: 'application/wasm',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

export const UNKNOWN_TYPE = 'application/octet-stream';

/** The Content-Type of a file of the build, by its name. */
export function contentTypeOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot >= 0 && TYPES[fileName.slice(dot + 1).toLowerCase()]) || UNKNOWN_TYPE;
}

/** Text and text-like formats (HTML, JS, CSS, JSON, XML, SVG, calendars…): the ones compression shrinks. */
export function isCompressible(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type.endsWith('+json') ||
    type.endsWith('+xml') ||
    ['application/json', 'application/javascript', 'application/xml', 'application/wasm', 'image/svg+xml'].includes(
      type,
    )
  );
}

/** Smaller answers are not worth compressing (the encoding's own overhead eats most of the saving). */
export const COMPRESS_MIN_BYTES = 1024;
