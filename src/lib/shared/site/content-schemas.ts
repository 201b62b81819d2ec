// Zod schemas of the church content files under src/content (site settings, home, about, sermons,
// events). src/content.config.ts hands them to Astro's collections, so a broken file fails the build;
// they live here, free of astro:* imports, so unit tests can check them directly.
import { z } from 'zod';
import { EVENT_CATEGORIES, EVENT_STATUSES, EVENT_TYPES, SERMON_STATUSES } from '../live/types';

const text = z.string().trim().min(1, 'must not be empty');
/** YAML turns an unquoted 2026-11-15 into a Date: accept both and keep the calendar date as text. */
const isoDate = z.preprocess(
  (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD'),
);
const time24 = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time written HH:MM');
const count = z.number().int('must be a whole number').min(0, 'must not be negative');
/** Site-relative path ("/audio/x.mp3") or absolute http(s) URL. */
const link = z.string().refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), 'must start with / or http(s)://');
const figure = z.strictObject({ value: text, label: text });
/** A list of exactly n entries with these fields and no others: the page's layout has n places for them. */
const entries = <S extends z.ZodRawShape>(n: number, fields: S, message: string) =>
  z.array(z.strictObject(fields)).length(n, message);

export const siteSchema = z.strictObject({
  name: text,
  shortName: text,
  description: text,
  foundedYear: z.number().int().min(1900).max(2100),
  address: z.strictObject({
    street: text,
    locality: text,
    region: text,
    country: text,
    countryCode: z.string().length(2),
  }),
  phones: z.array(text).length(2, 'must list exactly two phone numbers'),
  email: z.email('must be an email address'),
  officeHours: z.array(z.strictObject({ days: text, hours: text })).min(1),
  social: entries(6, { name: text, url: link }, 'must list the six social links'),
  mapUrl: link,
});
export type SiteSettings = z.infer<typeof siteSchema>;

export const homeSchema = z.strictObject({
  banner: z.strictObject({ eyebrow: text, title: text, subtitle: text }),
  stats: z.array(figure).length(4, 'must list the four headline statistics'),
  services: entries(3, { name: text, time: text, location: text, note: text }, 'must list the three worship services'),
  testimonials: entries(
    3,
    { name: text, role: text, quote: text, rating: z.literal(5, 'must be 5 (every testimonial is rated 5 of 5)') },
    'must list three testimonials',
  ),
  features: entries(4, { title: text, description: text, href: link }, 'must list the four feature cards'),
});
export type HomeContent = z.infer<typeof homeSchema>;

export const aboutSchema = z.strictObject({
  subtitle: text,
  mission: text,
  vision: text,
  values: entries(6, { name: text, description: text }, 'must list the six values'),
  timeline: z.array(z.strictObject({ year: z.number().int(), title: text, description: text })).min(1),
  numbers: z.array(figure).length(4, 'must list the four ministry numbers'),
  leaders: entries(3, { name: text, role: text, years: count, bio: text }, 'must list three leaders'),
});
export type AboutContent = z.infer<typeof aboutSchema>;

/** Frontmatter of a sermon Markdown file: every field of Sermon except its id (the file name). */
export const sermonSchema = z.strictObject({
  title: text,
  speaker: text,
  date: isoDate,
  category: text,
  duration: text,
  description: text,
  thumbnail: link.optional(),
  audioUrl: link.optional(),
  videoUrl: link.optional(),
  series: text.optional(),
  views: count,
  likes: count,
  comments: count,
  status: z.enum(SERMON_STATUSES, 'must be published, draft or scheduled'),
  tags: z.array(text).default([]),
});

/** An event file: every field of ChurchEvent except its id (the file name). */
export const eventSchema = z
  .strictObject({
    title: text,
    description: text,
    category: z.enum(EVENT_CATEGORIES, `must be one of ${EVENT_CATEGORIES.join(', ')}`),
    type: z.enum(EVENT_TYPES, `must be one of ${EVENT_TYPES.join(', ')}`),
    status: z.enum(EVENT_STATUSES, `must be one of ${EVENT_STATUSES.join(', ')}`),
    startDate: isoDate,
    endDate: isoDate,
    startTime: time24,
    endTime: time24,
    location: text,
    capacity: count,
    registered: count,
    waitlist: count,
    organizer: text,
    isPublic: z.boolean(),
    requiresRegistration: z.boolean(),
    tags: z.array(text).default([]),
    imageUrl: link.optional(),
  })
  .refine((e) => e.endDate >= e.startDate, { path: ['endDate'], message: 'must not be before startDate' });

/**
 * Validates one content file outside Astro (tests, scripts) and throws an error naming the file and
 * each failing field, the same facts Astro's build error gives.
 */
export function validateContent<S extends z.ZodType>(schema: S, file: string, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(file)'} ${issue.message}`);
  throw new Error(`${file}: ${problems.join('; ')}`);
}
