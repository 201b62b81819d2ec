// Which encoding a request accepts (RFC 9110, 12.5.3): the API gzips its JSON for clients that accept it
// (../http/app.ts), and the host picks among the encodings it keeps of a page or a built file (src/host).
export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The best encoding `accept` (an Accept-Encoding header) allows among those `offered`: the highest q-value,
 * br before gzip when equal, identity when neither is acceptable (`q=0` refuses a coding; `*` stands for any
 * coding not named).
 */
export function pickEncoding(accept: string | undefined, offered: { br?: unknown; gzip?: unknown }): Encoding {
  if (!accept || (!offered.br && !offered.gzip)) return 'identity';
  const weights = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const candidates = (['br', 'gzip'] as const).filter((coding) => offered[coding] && weightOf(coding) > 0);
  if (!candidates.length) return 'identity';
  return candidates.reduce((best, coding) => (weightOf(coding) > weightOf(best) ? coding : best));
}

/** Whether `accept` (an Accept-Encoding header) allows gzip. */
export const acceptsGzip = (accept: string | undefined) => pickEncoding(accept, { gzip: true }) === 'gzip';
