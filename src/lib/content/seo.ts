// schema.org JSON-LD builders for the public pages (pure, so tests can check them): the church as a
// Church/Organization with its Accra address, and each public event as an Event.
import type { EventAnswer } from '../shared/live/api';
import type { ChurchEvent } from '../shared/live/types';
import type { SiteSettings } from '../shared/site/content-schemas';

type JsonLd = Record<string, unknown>;

function postalAddress(site: SiteSettings): JsonLd {
  return {
    '@type': 'PostalAddress',
    streetAddress: site.address.street,
    addressLocality: site.address.locality,
    addressRegion: site.address.region,
    addressCountry: site.address.countryCode,
  };
}

export function churchJsonLd(site: SiteSettings, origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': ['Church', 'Organization'],
    '@id': new URL('/#church', origin).href,
    name: site.name,
    alternateName: site.shortName,
    description: site.description,
    url: new URL('/', origin).href,
    email: site.email,
    telephone: site.phones[0],
    foundingDate: String(site.foundedYear),
    address: postalAddress(site),
    sameAs: site.social.map((s) => s.url),
  };
}

const eventStatus: Record<ChurchEvent['status'], string> = {
  upcoming: 'https://schema.org/EventScheduled',
  ongoing: 'https://schema.org/EventScheduled',
  completed: 'https://schema.org/EventScheduled',
  cancelled: 'https://schema.org/EventCancelled',
};

/** An event as the database answers it: capacity null for no limit. */
export function eventJsonLd(event: EventAnswer, site: SiteSettings, origin: string): JsonLd {
  const full = event.requiresRegistration && event.capacity !== null && event.registered >= event.capacity;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    startDate: `${event.startDate}T${event.startTime}`,
    endDate: `${event.endDate}T${event.endTime}`,
    eventStatus: eventStatus[event.status],
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url: new URL(`/events#${event.id}`, origin).href,
    location: { '@type': 'Place', name: event.location, address: postalAddress(site) },
    organizer: { '@type': 'Organization', name: site.name, url: new URL('/', origin).href },
    ...(event.capacity !== null && { maximumAttendeeCapacity: event.capacity }),
    offers: {
      '@type': 'Offer',
      price: 0,
      priceCurrency: 'GHS',
      availability: full ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      url: new URL(`/events#${event.id}`, origin).href,
    },
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the tag. */
export function jsonLdScript(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
