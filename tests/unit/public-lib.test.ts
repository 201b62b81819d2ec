// Pure modules behind the public pages: sermon filters, iCalendar, contact options, JSON-LD.
import { describe, expect, it } from 'vitest';
import type { ChurchEvent, Sermon } from '../../src/lib/shared/live/types';
import { ALL } from '../../src/lib/shared/filters';
import { EMPTY_FILTERS, filterSermons, isFiltered, latestSermon, optionsOf } from '../../src/lib/shared/sermons/filter';
import { buildCalendar, escapeText, foldLine, publicUpcoming } from '../../src/lib/shared/events/ics';
import {
  INQUIRY_TYPE_OPTIONS,
  PREFERRED_CONTACT_OPTIONS,
  SERVICE_OPTIONS,
  prefillFromQuery,
} from '../../src/lib/shared/messages/contact-options';
import { INQUIRY_TYPES, PREFERRED_CONTACT, SERVICE_INTERESTS } from '../../src/lib/shared/schemas';
import { churchJsonLd, eventJsonLd, jsonLdScript } from '../../src/lib/content/seo';

const sermon = (over: Partial<Sermon>): Sermon => ({
  id: 'x',
  title: 'Title',
  speaker: 'Rev. A',
  date: '2026-01-01',
  category: 'Faith',
  duration: '40 min',
  description: 'Desc',
  views: 0,
  likes: 0,
  comments: 0,
  status: 'published',
  tags: [],
  ...over,
});
const sermons = [
  sermon({ id: 'a', title: 'Walking in Faith', speaker: 'Rev. Owusu', category: 'Faith', date: '2026-11-15' }),
  sermon({ id: 'b', title: 'Persistent Prayer', speaker: 'Pastor Adjei', category: 'Prayer', date: '2026-11-08' }),
  sermon({
    id: 'c',
    title: 'Love',
    speaker: 'Rev. Owusu',
    category: 'Community',
    date: '2026-11-20',
    tags: ['Service'],
  }),
];

describe('sermon filters', () => {
  it('no filter returns everything', () => {
    expect(filterSermons(sermons, EMPTY_FILTERS).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(isFiltered(EMPTY_FILTERS)).toBe(false);
  });
  it('searches case-insensitively over title, speaker, description, category and tags', () => {
    expect(filterSermons(sermons, { ...EMPTY_FILTERS, search: 'PRAYER' }).map((s) => s.id)).toEqual(['b']);
    expect(filterSermons(sermons, { ...EMPTY_FILTERS, search: 'owusu' }).map((s) => s.id)).toEqual(['a', 'c']);
    expect(filterSermons(sermons, { ...EMPTY_FILTERS, search: 'service' }).map((s) => s.id)).toEqual(['c']);
    expect(filterSermons(sermons, { ...EMPTY_FILTERS, search: '  faith  ' }).map((s) => s.id)).toEqual(['a']);
  });
  it('combines filters with AND; "all" means no filter', () => {
    const f = { search: '', category: 'Faith', speaker: 'Rev. Owusu' };
    expect(filterSermons(sermons, f).map((s) => s.id)).toEqual(['a']);
    expect(filterSermons(sermons, { ...f, category: 'Prayer' })).toEqual([]);
    expect(filterSermons(sermons, { ...f, category: ALL }).map((s) => s.id)).toEqual(['a', 'c']);
    expect(isFiltered({ ...EMPTY_FILTERS, speaker: 'Rev. Owusu' })).toBe(true);
  });
  it('treats regex characters and huge input as plain text', () => {
    expect(filterSermons(sermons, { ...EMPTY_FILTERS, search: '.*(' })).toEqual([]);
    expect(filterSermons(sermons, { ...EMPTY_FILTERS, search: 'x'.repeat(100_000) })).toEqual([]);
  });
  it('lists distinct sorted options and finds the latest sermon', () => {
    expect(optionsOf(sermons, 'speaker')).toEqual(['Pastor Adjei', 'Rev. Owusu']);
    expect(optionsOf(sermons, 'category')).toEqual(['Community', 'Faith', 'Prayer']);
    expect(latestSermon(sermons)?.id).toBe('c');
    expect(latestSermon([])).toBeUndefined();
  });
});

const event = (over: Partial<ChurchEvent>): ChurchEvent & { branchId: number } => ({
  id: 'carols',
  branchId: 1,
  title: 'Carols, Candles; and "Joy"',
  description: 'Line one\nLine two with a back\\slash',
  category: 'worship',
  type: 'one-time',
  status: 'upcoming',
  startDate: '2026-12-20',
  endDate: '2026-12-20',
  startTime: '18:00',
  endTime: '20:00',
  location: 'Main Sanctuary',
  capacity: 10,
  registered: 5,
  waitlist: 0,
  organizer: 'Team',
  isPublic: true,
  requiresRegistration: false,
  tags: [],
  ...over,
});

describe('iCalendar', () => {
  it('escapes text values', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });
  it('folds lines at 75 octets without splitting characters', () => {
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(100)}`);
    for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((l, i) => (i ? l.slice(1) : l))
        .join(''),
    ).toBe(`DESCRIPTION:${'é'.repeat(100)}`);
  });
  it('builds a CRLF calendar of public upcoming events only', () => {
    const events = [event({}), event({ id: 'private', isPublic: false }), event({ id: 'done', status: 'completed' })];
    const ics = buildCalendar(publicUpcoming(events), {
      name: 'Grace Chapel',
      host: 'example.org',
      origin: 'https://example.org',
      now: new Date('2026-11-23T09:00:00Z'),
    });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n|\r/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain('UID:carols@example.org');
    expect(ics).toContain('DTSTAMP:20261123T090000Z');
    expect(ics).toContain('DTSTART:20261220T180000Z');
    expect(ics).toContain('SUMMARY:Carols\\, Candles\\; and "Joy"');
    expect(ics).toContain('DESCRIPTION:Line one\\nLine two with a back\\\\slash');
  });
});

describe('contact form options', () => {
  it('offer exactly the values the schema accepts', () => {
    expect(INQUIRY_TYPE_OPTIONS.map((o) => o.value)).toEqual([...INQUIRY_TYPES]);
    expect(PREFERRED_CONTACT_OPTIONS.map((o) => o.value)).toEqual([...PREFERRED_CONTACT]);
    expect(SERVICE_OPTIONS.map((o) => o.value)).toEqual([...SERVICE_INTERESTS]);
  });
  it('prefill from the query string ignores unknown values', () => {
    expect(prefillFromQuery('?inquiry=prayer')).toEqual({ inquiryType: 'prayer' });
    expect(prefillFromQuery('?inquiry=hack&subject=%20Join%20')).toEqual({ subject: 'Join' });
    expect(prefillFromQuery(`?subject=${'a'.repeat(500)}`).subject).toHaveLength(200);
    expect(prefillFromQuery('')).toEqual({});
  });
});

describe('JSON-LD', () => {
  it('cannot close its script tag', () => {
    expect(jsonLdScript({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});

describe('schema.org builders', () => {
  const site = {
    name: 'Grace Chapel International',
    shortName: 'Grace Chapel',
    description: 'A church',
    foundedYear: 2017,
    address: {
      street: '12 Independence Ave',
      locality: 'Accra',
      region: 'Greater Accra',
      country: 'Ghana',
      countryCode: 'GH',
    },
    phones: ['+233 1', '+233 2'],
    email: 'info@example.org',
    officeHours: [{ days: 'Mon', hours: '9-5' }],
    social: [],
    mapUrl: 'https://maps.example.org',
  };
  it('describes the church with its Accra address', () => {
    const ld = churchJsonLd(site, 'https://example.org');
    expect(ld['@type']).toEqual(['Church', 'Organization']);
    expect(ld.address).toMatchObject({ addressLocality: 'Accra', addressCountry: 'GH' });
    expect(ld.url).toBe('https://example.org/');
  });
  it('describes an event, sold out when registrations reach capacity', () => {
    const open = eventJsonLd(event({ requiresRegistration: true }), site, 'https://example.org');
    expect(open).toMatchObject({ '@type': 'Event', startDate: '2026-12-20T18:00', endDate: '2026-12-20T20:00' });
    expect((open.offers as { availability: string }).availability).toBe('https://schema.org/InStock');
    const full = eventJsonLd(event({ requiresRegistration: true, registered: 12 }), site, 'https://example.org');
    expect((full.offers as { availability: string }).availability).toBe('https://schema.org/SoldOut');
    expect(eventJsonLd(event({ status: 'cancelled' }), site, 'https://example.org').eventStatus).toBe(
      'https://schema.org/EventCancelled',
    );
  });
});
