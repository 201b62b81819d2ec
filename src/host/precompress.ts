// The build's last step (astro.config.mjs runs it when `astro build` is done): a `.br` (brotli, quality 11) and a
// `.gz` (gzip, level 9) beside every compressible file of dist/client above 1 KB, each written only when smaller
// than the file. The shell serves them to browsers that accept them (./static-files.ts), so a file is compressed
// once, at build time, with the slowest and best settings, never per request.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentTypeOf, isCompressible } from './content-types';
import { compressBest } from './encoding';

/** The variants beside a file, by encoding: `about/index.html.br`, `about/index.html.gz`. */
export const VARIANT_SUFFIX = { br: '.br', gzip: '.gz' } as const;

export interface PrecompressResult {
  files: number;
  bytes: number;
  /** The bytes of the smallest variant of each file that has one, or the file itself. */
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes the variants of every compressible file under `dir` (the build's client folder). */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name) && isCompressible(contentTypeOf(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name));
  // A few at a time: each compression runs on libuv's thread pool (4 threads by default).
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const body = await readFile(file);
      const { br, gzip } = await compressBest(body);
      // A variant not worth keeping is removed, so one left by an earlier run over the same folder is not served.
      await (br ? writeFile(file + VARIANT_SUFFIX.br, br) : rm(file + VARIANT_SUFFIX.br, { force: true }));
      await (gzip ? writeFile(file + VARIANT_SUFFIX.gzip, gzip) : rm(file + VARIANT_SUFFIX.gzip, { force: true }));
      if (!br && !gzip) continue;
      result.files++;
      result.bytes += body.length;
      result.brotliBytes += br?.length ?? body.length;
      result.gzipBytes += gzip?.length ?? body.length;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return result;
}
