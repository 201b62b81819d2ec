// The built site's files (dist/client: prerendered pages, scripts, styles, images) answered from memory by the
// HTTP shell, before Astro's handler: no look on disk, no stream, no Request per hit. Each file is held as its
// bytes and the brotli and gzip variants the build wrote beside it (./precompress.ts); a request gets the
// smallest its Accept-Encoding allows, with Vary, Content-Length, a strong ETag from the content (If-None-Match →
// 304) and a Cache-Control: a year and immutable for Astro's hashed assets (/_astro/…, a new name for new content),
// revalidate on every use for the rest (a page's address keeps its name when its content changes). The shell
// has set the pages' security headers before (./headers.ts); a prerendered page carries its own
// Content-Security-Policy hashes in a <meta> tag, so the bytes need nothing added.
//
// Anything else falls through to Astro, which answers as before: a path not in the build (so `..`, `%2e%2e`,
// a NUL or a backslash never reach the disk from here), a method other than GET or HEAD, a byte range (audio
// seeking: Astro's static handler answers ranges), a file over 1 MB (streamed from disk by Astro), a dotfile.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { join, posix, relative, sep } from 'node:path';
import { contentTypeOf } from './content-types';
import { pickEncoding } from './encoding';
import { VARIANT_SUFFIX } from './precompress';

/** Astro's hashed assets: a changed file gets a new name, so a copy is good for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (pages, robots.txt, the favicon…): caches keep it but ask first (a 304 when unchanged). */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

interface Representation {
  body: Buffer;
  etag: string;
  /** Every header of a 200, and of a 304 (no body, so no length, type or encoding), made once. */
  headers: OutgoingHttpHeaders;
  notModified: OutgoingHttpHeaders;
}

interface StaticFile {
  identity: Representation;
  br?: Representation;
  gzip?: Representation;
}

export interface StaticFiles {
  /** Answers a GET or HEAD of a file of the build, or calls `next` (then Astro answers). */
  serve(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** Reads the build into memory (once; the first request starts it when nobody did). */
  load(): Promise<void>;
}

export interface StaticFilesOptions {
  /** Larger files are left to Astro's handler, which streams them from disk and answers ranges. */
  maxFileSize?: number;
  /** Where Astro puts its hashed assets (its `build.assets`). */
  assetsPrefix?: string;
}

export function createStaticFiles(
  root: string,
  { maxFileSize = 1024 * 1024, assetsPrefix = '/_astro/' }: StaticFilesOptions = {},
): StaticFiles {
  let index: Map<string, StaticFile> | undefined;
  let loading: Promise<void> | undefined;

  const load = () =>
    (loading ??= readBuild(root, { maxFileSize, assetsPrefix }).then(
      (files) => void (index = files),
      (err: Error) => {
        // Astro's handler still serves every file, from disk: slower, never wrong.
        console.error(JSON.stringify({ level: 'error', msg: 'static files not loaded', root, error: err.message }));
        index = new Map();
      },
    ));

  const serve = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range !== undefined) return next();
    if (!index) return void load().then(() => serve(req, res, next));
    const key = keyOf(req.url);
    const file = key === undefined ? undefined : index.get(key);
    if (!file) return next();
    const representation = file[pickEncoding(req.headers['accept-encoding'], file)] ?? file.identity;
    if (matches(req.headers['if-none-match'], representation.etag)) {
      res.writeHead(304, representation.notModified);
      return void res.end();
    }
    res.writeHead(200, representation.headers);
    res.end(req.method === 'HEAD' ? undefined : representation.body);
  };

  return { serve, load };
}

/**
 * The file a request path names: decoded, and refused (undefined) when it could name anything outside the
 * build: a `.` or `..` segment, a backslash, a NUL, a malformed escape. The index holds only the build's files,
 * so a refused or unknown path simply falls through to Astro's 404.
 */
export function keyOf(url = '/'): string | undefined {
  const end = url.search(/[?#]/);
  const path = end < 0 ? url : url.slice(0, end);
  let decoded: string;
  try {
    decoded = path.includes('%') ? decodeURIComponent(path) : path;
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || /[\\\0]/.test(decoded) || /(^|\/)\.\.?(\/|$)/.test(decoded)) return undefined;
  return decoded;
}

/** If-None-Match holds this ETag (weak comparison, as RFC 9110 asks for it) or `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Every file under `root` by the paths that name it: `/about/index.html`, and as Astro's handler answers
 * directories (its `trailingSlash: 'ignore'` and `build.format: 'directory'`), `/about/` and `/about` too.
 */
async function readBuild(
  root: string,
  { maxFileSize, assetsPrefix }: Required<StaticFilesOptions>,
): Promise<Map<string, StaticFile>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = new Set(
    entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/')),
  );
  const isVariant = (path: string) =>
    Object.values(VARIANT_SUFFIX).some((suffix) => path.endsWith(suffix) && paths.has(path.slice(0, -suffix.length)));
  // Dotfiles are not served (as Astro's handler does not), except under /.well-known/.
  const isHidden = (path: string) => path.split('/').some((part) => part.startsWith('.') && part !== '.well-known');

  const index = new Map<string, StaticFile>();
  const aliases: [string, StaticFile][] = [];
  await Promise.all(
    [...paths]
      .filter((path) => !isVariant(path) && !isHidden(path))
      .map(async (path) => {
        const full = join(root, ...path.split('/'));
        if ((await stat(full)).size > maxFileSize) return;
        const read = async (suffix: string) => (paths.has(path + suffix) ? readFile(full + suffix) : undefined);
        const [body, br, gzip] = await Promise.all([
          readFile(full),
          read(VARIANT_SUFFIX.br),
          read(VARIANT_SUFFIX.gzip),
        ]);
        const url = `/${path}`;
        const file = representations(body, { br, gzip }, contentTypeOf(path), url.startsWith(assetsPrefix));
        index.set(url, file);
        if (posix.basename(path) === 'index.html') {
          const dir = url.slice(0, -'index.html'.length); // ends with '/'
          aliases.push([dir, file]);
          if (dir !== '/') aliases.push([dir.slice(0, -1), file]);
        }
      }),
  );
  // A file of that exact name wins over a folder's index.html.
  for (const [url, file] of aliases) if (!index.has(url)) index.set(url, file);
  return index;
}

function representations(
  body: Buffer,
  variants: { br?: Buffer; gzip?: Buffer },
  contentType: string,
  immutable: boolean,
): StaticFile {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const varies = Boolean(variants.br || variants.gzip);
  const represent = (bytes: Buffer, encoding?: 'br' | 'gzip'): Representation => {
    const etag = `"${hash}${encoding ? `-${encoding === 'br' ? 'br' : 'gz'}` : ''}"`;
    const notModified: OutgoingHttpHeaders = { etag, 'cache-control': immutable ? IMMUTABLE : REVALIDATE };
    if (varies) notModified.vary = 'Accept-Encoding';
    const headers: OutgoingHttpHeaders = {
      ...notModified,
      'content-type': contentType,
      'content-length': bytes.length,
    };
    if (encoding) headers['content-encoding'] = encoding;
    return { body: bytes, etag, headers, notModified };
  };
  // A variant is used only when it is smaller (the build writes only those, but a hand-made one might not be).
  return {
    identity: represent(body),
    br: variants.br && variants.br.length < body.length ? represent(variants.br, 'br') : undefined,
    gzip: variants.gzip && variants.gzip.length < body.length ? represent(variants.gzip, 'gzip') : undefined,
  };
}
