// The content files and their schemas: every real file is valid, and a broken one is refused with a
// message naming the file and the field.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// The same YAML parser Astro's content loader uses.
import { load } from 'js-yaml';
import { withYears, yearsServing } from '../../src/lib/shared/site/years';
import {
  aboutSchema,
  eventSchema,
  homeSchema,
  sermonSchema,
  siteSchema,
  validateContent,
} from '../../src/lib/shared/site/content-schemas';

const repo = join(import.meta.dirname, '../..');
// The church's editorial copy lives in src/content; the sample sermons and events the seed loads, in the demo folder.
const folderOf = (dir: string) =>
  dir === 'sermons' || dir === 'events' ? join('src/server/seed/demo', dir) : join('src/content', dir);
const files = (dir: string) => readdirSync(join(repo, folderOf(dir))).map((f) => join(folderOf(dir), f));
const read = (file: string) => readFileSync(join(repo, file), 'utf8');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test data of any shape
const parse = (source: string) => load(source) as any;
const frontmatter = (file: string) => parse(/^---\n([\s\S]*?)\n---/.exec(read(file))![1]!);

const validSermon = {
  title: 'A Sermon',
  speaker: 'Rev. A',
  date: '2026-11-01',
  category: 'Faith',
  duration: '40 min',
  description: 'About faith.',
  views: 1,
  likes: 0,
  comments: 0,
  status: 'published',
  tags: [],
};

describe('content files', () => {
  it('site, home and about are valid', () => {
    expect(validateContent(siteSchema, 'settings.yaml', parse(read(files('site')[0]!))).name).toBe(
      'Grace Chapel International',
    );
    const home = validateContent(homeSchema, 'home.yaml', parse(read(files('home')[0]!)));
    expect(home.stats.map((s) => `${s.value} ${s.label}`)).toEqual([
      '200+ Active Members',
      '5 Weekly Services',
      '{years} Years Serving',
      '1,000+ Lives Changed',
    ]);
    const about = validateContent(aboutSchema, 'about.yaml', parse(read(files('about')[0]!)));
    expect(about.values.map((v) => v.name)).toEqual(['Love', 'Truth', 'Community', 'Mission', 'Excellence', 'Growth']);
    expect(about.timeline.map((t) => t.year)).toEqual([2017, 2018, 2020, 2021, 2022, 2025]);
    // The spec's "30 years" conflict is resolved as the years since the timeline's first year, filled in at build.
    expect(JSON.stringify(about)).not.toMatch(/30 years/i);
    expect(about.subtitle).toBe('{years} years of faithful ministry in Accra');
    expect(about.numbers.find((n) => n.label === 'Years')?.value).toBe('{years}');
  });

  it("counts the years served from the timeline's first year to today's year (issue 28)", () => {
    const about = validateContent(aboutSchema, 'about.yaml', parse(read(files('about')[0]!)));
    expect(yearsServing(about.timeline, new Date(2026, 10, 28))).toBe(9);
    expect(yearsServing(about.timeline, new Date(2030, 0, 1))).toBe(13);
    expect(yearsServing([{ year: 2020 }, { year: 2011 }], new Date(2026, 0, 1))).toBe(15);
    expect(withYears(about.subtitle, 9)).toBe('9 years of faithful ministry in Accra');
  });

  it('holds six published sermons plus one draft and one scheduled, each with every Sermon field', () => {
    const sermons = files('sermons').map((f) => validateContent(sermonSchema, f, frontmatter(f)));
    expect(sermons.filter((s) => s.status === 'published')).toHaveLength(6);
    expect(sermons.filter((s) => s.status === 'draft')).toHaveLength(1);
    expect(sermons.filter((s) => s.status === 'scheduled')).toHaveLength(1);
    for (const s of sermons)
      expect(Object.keys(s)).toEqual(expect.arrayContaining(['views', 'likes', 'comments', 'tags']));
  });

  it('events are valid, varied, and include private, registration and full ones with a waitlist (never over capacity)', () => {
    const events = files('events').map((f) => validateContent(eventSchema, f, parse(read(f))));
    expect(events.length).toBeGreaterThanOrEqual(6);
    expect(new Set(events.map((e) => e.category)).size).toBeGreaterThanOrEqual(5);
    expect(events.some((e) => !e.isPublic)).toBe(true);
    expect(events.some((e) => e.requiresRegistration)).toBe(true);
    expect(events.some((e) => e.registered === e.capacity && e.waitlist > 0)).toBe(true);
  });

  it('audio files referenced by sermons exist and are small', () => {
    for (const f of files('sermons')) {
      const { audioUrl } = frontmatter(f) as { audioUrl?: string };
      if (!audioUrl) continue;
      const bytes = readFileSync(join(repo, 'public', audioUrl)).length;
      expect(bytes).toBeLessThan(60_000);
    }
  });
});

describe('broken content is refused with file and field named', () => {
  it('names the file and the field of a wrong value', () => {
    expect(() => validateContent(sermonSchema, 'src/content/sermons/bad.md', { ...validSermon, views: -3 })).toThrow(
      'src/content/sermons/bad.md: views must not be negative',
    );
  });

  it('names a missing field', () => {
    const { speaker: _omit, ...noSpeaker } = validSermon;
    expect(() => validateContent(sermonSchema, 'x.md', noSpeaker)).toThrow(/^x\.md: speaker /);
  });

  it('refuses an unknown status, a bad date and a misspelt field', () => {
    expect(() => validateContent(sermonSchema, 'a.md', { ...validSermon, status: 'live' })).toThrow(
      'a.md: status must be published, draft or scheduled',
    );
    expect(() => validateContent(sermonSchema, 'a.md', { ...validSermon, date: '01/11/2026' })).toThrow(
      'a.md: date must be a date written YYYY-MM-DD',
    );
    expect(() => validateContent(sermonSchema, 'a.md', { ...validSermon, veiws: 3 })).toThrow(/veiws/);
  });

  it('accepts a YAML date object and keeps the calendar date', () => {
    const parsed = validateContent(sermonSchema, 'a.md', { ...validSermon, date: new Date('2026-11-01T00:00:00Z') });
    expect(parsed.date).toBe('2026-11-01');
  });

  it('checks event times, dates order and the testimonial rating', () => {
    const event = parse(read(files('events')[0]!));
    expect(() => validateContent(eventSchema, 'e.yaml', { ...event, startTime: '7pm' })).toThrow(
      'e.yaml: startTime must be a 24-hour time written HH:MM',
    );
    expect(() =>
      validateContent(eventSchema, 'e.yaml', { ...event, startDate: '2027-01-02', endDate: '2027-01-01' }),
    ).toThrow('e.yaml: endDate must not be before startDate');
    const home = parse(read(files('home')[0]!));
    home.testimonials[1].rating = 4;
    expect(() => validateContent(homeSchema, 'home.yaml', home)).toThrow('home.yaml: testimonials.1.rating must be 5');
  });
});
