// How the route cache (src/lib/content/page-cache.ts) tells the HTTP shell's response cache
// (src/host/response-cache.ts) that it has just kept a freshly rendered page, for how long and under which
// tags: one header on the answer, which the shell reads and removes before anything is sent. Astro removes its
// own CDN-Cache-Control and Cache-Tag from the answer before it leaves its handler, so they cannot serve.

export const KEPT_PAGE_HEADER = 'x-church-kept-page';

export interface KeptPage {
  /** Seconds the page may be kept from the moment its request arrived. */
  maxAge: number;
  tags: string[];
}

export const formatKeptPage = (kept: KeptPage) => JSON.stringify(kept);

/** The header's value, or undefined when there is none or it is not one of ours. */
export function parseKeptPage(value: unknown): KeptPage | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const { maxAge, tags } = JSON.parse(value) as Partial<KeptPage>;
    if (typeof maxAge !== 'number' || !(maxAge > 0) || !Array.isArray(tags)) return undefined;
    return { maxAge, tags: tags.filter((tag): tag is string => typeof tag === 'string') };
  } catch {
    return undefined;
  }
}
