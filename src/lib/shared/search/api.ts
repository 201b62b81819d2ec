// The portal's search (GET /search/?q=, docs/API.md): people, sermons, events and prayer requests the signed-in
// staff member may see, a few of each, each with the portal route that shows it.
import { z } from 'zod';
import { valuesOf } from '../labels';

export const SEARCH_LIMITS = { min: 2, max: 100 } as const;
export const SEARCH_PER_KIND = 5;
export const SEARCH_KIND_LABELS = {
  person: 'People',
  sermon: 'Sermons',
  event: 'Events',
  prayer: 'Prayer requests',
};
export const SEARCH_KINDS = valuesOf(SEARCH_KIND_LABELS);
export type SearchKind = (typeof SEARCH_KINDS)[number];

const QUERY_MESSAGE = `Type ${SEARCH_LIMITS.min} to ${SEARCH_LIMITS.max} characters to search`;
export const searchQuerySchema = z.object({
  q: z
    .string({ error: QUERY_MESSAGE })
    .trim()
    .min(SEARCH_LIMITS.min, QUERY_MESSAGE)
    .max(SEARCH_LIMITS.max, QUERY_MESSAGE),
});

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  /** The portal route that shows it, its screen's search filled in. */
  href: z.string(),
});
export const searchAnswerSchema = z.object({ results: z.array(searchResultSchema) });
export type SearchResult = z.infer<typeof searchResultSchema>;

/** A screen's route with its search box filled in (the screens read ?q= on arrival). */
export const screenSearchHref = (screen: string, text: string) => `${screen}?q=${encodeURIComponent(text)}`;
