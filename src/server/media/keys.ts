// Media keys and byte ranges, the rules every storage driver shares (./directory-store.ts, ./s3-store.ts).
import type { ByteSpan, RangeRequest } from '../kernel/ports';

/** Flat names only: no slashes, no leading dot, no `..`. */
const MEDIA_KEY = /^[a-z0-9][a-z0-9_-]{0,127}(\.[a-z0-9]{1,8})?$/i;

export function checkKey(key: string): string {
  if (!MEDIA_KEY.test(key)) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
  return key;
}

/** The inclusive span a range request covers in a file of `size` bytes, or null when none of it exists. */
export function resolveRange(range: RangeRequest, size: number): ByteSpan | null {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/**
 * A `Range:` header as a RangeRequest; undefined (serve the whole file) when it is absent, not in bytes,
 * malformed or asks for several ranges, which RFC 9110 lets a server ignore.
 */
export function parseRangeHeader(header: string | undefined): RangeRequest | undefined {
  const m = /^bytes=\s*(\d*)-(\d*)\s*$/.exec(header ?? '');
  if (!m || (!m[1] && !m[2])) return undefined;
  if (!m[1]) return { suffix: Number(m[2]) };
  return { start: Number(m[1]), ...(m[2] ? { end: Number(m[2]) } : {}) };
}
