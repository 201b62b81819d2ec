// The build's files the memory copies (./static-files.ts) leave to the disk: a byte range of one (an audio player
// seeking) and a file over their size limit, streamed from dist/client. Astro's standalone handler did this
// before; the host runs Astro's handler in middleware mode, the one that takes each page's locals (./pages.ts).
// The same paths as the memory copies (./static-files.ts keyOf: no `..`, backslash or NUL), and no dotfile but
// /.well-known/; a directory is its index.html. Anything else goes on to Astro.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { parseRangeHeader, resolveRange } from '../server/media/keys';
import { contentTypeOf } from './content-types';
import { IMMUTABLE, keyOf, REVALIDATE } from './static-files';

export type DiskFiles = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export function createDiskFiles(root: string, { assetsPrefix = '/_astro/' } = {}): DiskFiles {
  const fileOf = async (key: string) => {
    const path = join(root, key);
    const found = await stat(path).catch(() => undefined);
    if (found?.isFile()) return { path, size: found.size };
    if (!found?.isDirectory()) return undefined;
    const index = join(path, 'index.html');
    const page = await stat(index).catch(() => undefined);
    return page?.isFile() ? { path: index, size: page.size } : undefined;
  };

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const key = keyOf(req.url);
    if (key === undefined || /\/\.(?!well-known\/)/.test(key)) return next();
    void fileOf(key).then((file) => {
      if (!file) return next();
      const range = parseRangeHeader(req.headers.range);
      const span = range && resolveRange(range, file.size);
      if (range && !span) {
        res.writeHead(416, { 'content-range': `bytes */${file.size}` });
        return void res.end();
      }
      res.writeHead(span ? 206 : 200, {
        'content-type': contentTypeOf(file.path),
        'content-length': span ? span.end - span.start + 1 : file.size,
        'accept-ranges': 'bytes',
        'cache-control': key.startsWith(assetsPrefix) ? IMMUTABLE : REVALIDATE,
        ...(span && { 'content-range': `bytes ${span.start}-${span.end}/${file.size}` }),
      });
      if (req.method === 'HEAD') return void res.end();
      const stream = createReadStream(file.path, span ?? undefined);
      stream.on('error', () => res.destroy());
      res.once('close', () => stream.destroy());
      stream.pipe(res);
    }, next);
  };
}
