// What /assemblies shows of the branches (docs/PRODUCT.md (Assemblies)): the branches a visitor can find, that
// is those with an address or service times, each with the name of the branch above it (its area or district),
// and the search of its plain GET form.
import type { EventAnswer } from '../live/api';

export interface PublicAssembly {
  id: number;
  name: string;
  slug: string;
  kind: string | null;
  /** The branch above it (an area, a district, the church itself); null for the root. */
  parentName: string | null;
  address: string | null;
  phone: string | null;
  serviceTimes: string | null;
}

/** One assembly's page: the assembly and its upcoming public events. */
export interface AssemblyPage {
  assembly: PublicAssembly;
  events: EventAnswer[];
}

export const ASSEMBLIES_TEXT = {
  title: 'Find an Assembly',
  subtitle: 'Worship with us near you: our assemblies, where they meet and when.',
  searchLabel: 'Search by name, area or address',
  none: 'No assembly matches your search.',
  noEvents: 'No upcoming events at this assembly.',
} as const;

/** The search box's words, at most this long (longer is cut, never refused: it is a GET form). */
export const ASSEMBLY_SEARCH_MAX = 100;

/**
 * The assemblies whose name, kind, area or address holds every word of `q` (any case); all of them for an
 * empty search.
 */
export function findAssemblies(list: readonly PublicAssembly[], q: string): PublicAssembly[] {
  const words = q.slice(0, ASSEMBLY_SEARCH_MAX).toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...list];
  return list.filter((a) => {
    const text = [a.name, a.kind, a.parentName, a.address].filter(Boolean).join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
