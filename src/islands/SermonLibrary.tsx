// The public sermon library (docs/PRODUCT.md (Pages and screens)): search, category and speaker filters, the Latest Sermon
// feature and the All Sermons grid. Server-rendered with every sermon (works without JavaScript),
// hydrated on idle to filter, play audio and share.
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatCount, formatDate } from '../lib/shared/format';
import { ALL } from '../lib/shared/filters';
import {
  EMPTY_FILTERS,
  filterSermons,
  isFiltered,
  latestSermon,
  optionsOf,
  type PublicSermon,
  type SermonFilters,
} from '../lib/shared/sermons/filter';
import { SHARE_MESSAGES, shareLink } from '../lib/client/share';
import { useHydrated } from './useHydrated';

interface Props {
  sermons: PublicSermon[];
}

const control =
  'w-full rounded-lg border border-border bg-input px-3 py-2 text-text placeholder:text-muted disabled:opacity-70';
const smallButton =
  'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold transition disabled:cursor-not-allowed';

export default function SermonLibrary({ sermons }: Props) {
  const [filters, setFilters] = useState<SermonFilters>(EMPTY_FILTERS);
  // Controls stay disabled in the server HTML: without JavaScript they could not filter anything.
  const ready = useHydrated();
  const [playing, setPlaying] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ id: string; text: string } | null>(null);
  const audioRef = useRef<HTMLAudioElement>(null);

  const categories = useMemo(() => optionsOf(sermons, 'category'), [sermons]);
  const speakers = useMemo(() => optionsOf(sermons, 'speaker'), [sermons]);
  const results = useMemo(() => filterSermons(sermons, filters), [sermons, filters]);
  const latest = latestSermon(sermons);
  const filtered = isFiltered(filters);

  const update = (patch: Partial<SermonFilters>) => setFilters((f) => ({ ...f, ...patch }));

  const togglePlay = (sermon: PublicSermon) => {
    const audio = audioRef.current;
    if (!audio || !sermon.audioUrl) return;
    if (playing === sermon.id) {
      audio.pause();
      setPlaying(null);
      return;
    }
    audio.src = sermon.audioUrl;
    setPlaying(sermon.id);
    audio.play().catch(() => {
      setPlaying(null);
      setNotice({ id: sermon.id, text: 'The recording could not be played' });
    });
  };

  const share = async (sermon: PublicSermon) => {
    const url = new URL(`/sermons/${sermon.id}`, window.location.origin).href;
    const outcome = await shareLink({ title: sermon.title, url });
    setNotice(outcome === 'cancelled' ? null : { id: sermon.id, text: SHARE_MESSAGES[outcome] });
  };

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), 3000);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const card = (sermon: PublicSermon, featured = false) => (
    <article
      className={`flex h-full flex-col rounded-xl border border-border bg-card p-6 ${featured ? 'md:p-8' : ''}`}
      data-testid="sermon-card"
    >
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        <time dateTime={sermon.date}>{formatDate(sermon.date)}</time>
        <span aria-hidden="true">·</span>
        <span>{sermon.duration}</span>
        <span className="rounded-full bg-tabs px-2.5 py-0.5 text-xs font-semibold text-text">{sermon.category}</span>
      </p>
      {featured ? (
        <h3 className="mt-3 text-2xl font-bold">
          <a href={`/sermons/${sermon.id}`} className="hover:text-primary-strong">
            {sermon.title}
          </a>
        </h3>
      ) : (
        <h3 className="mt-3 text-lg font-semibold">
          <a href={`/sermons/${sermon.id}`} className="hover:text-primary-strong">
            {sermon.title}
          </a>
        </h3>
      )}
      <p className="mt-1 font-medium text-primary-strong">{sermon.speaker}</p>
      <p className="mt-2 flex-1 text-sm text-muted">{sermon.description}</p>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <span className="w-full text-sm text-muted">{formatCount(sermon.views)} views</span>
        {sermon.audioUrl ? (
          <button
            type="button"
            onClick={() => togglePlay(sermon)}
            disabled={!ready}
            aria-pressed={playing === sermon.id}
            aria-label={`${playing === sermon.id ? 'Pause' : 'Play'} ${sermon.title}`}
            className={`${smallButton} bg-button text-button-text hover:opacity-90`}
          >
            {playing === sermon.id ? 'Pause' : 'Play'}
          </button>
        ) : (
          <button
            type="button"
            disabled
            aria-label={`Play ${sermon.title} (no recording yet)`}
            title="No recording yet"
            className={`${smallButton} border border-border text-muted`}
          >
            Play <span className="text-xs font-normal">(no recording yet)</span>
          </button>
        )}
        <button
          type="button"
          onClick={() => share(sermon)}
          disabled={!ready}
          aria-label={`Share ${sermon.title}`}
          className={`${smallButton} border border-border text-text hover:bg-hover`}
        >
          Share
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm font-medium text-success">
        {notice?.id === sermon.id ? notice.text : ''}
      </p>
    </article>
  );

  const choice = (key: 'category' | 'speaker', label: string, all: string, values: readonly string[]) => (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select
        className={control}
        value={filters[key]}
        disabled={!ready}
        onChange={(e) => update({ [key]: e.target.value })}
      >
        <option value={ALL}>{all}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div>
      <form role="search" className="grid gap-3 md:grid-cols-[2fr_1fr_1fr]" onSubmit={(e) => e.preventDefault()}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Search sermons
          <input
            type="search"
            className={control}
            placeholder="Search by title, speaker or topic..."
            value={filters.search}
            maxLength={200}
            disabled={!ready}
            onChange={(e) => update({ search: e.target.value })}
          />
        </label>
        {choice('category', 'Category', 'All Categories', categories)}
        {choice('speaker', 'Speaker', 'All Speakers', speakers)}
      </form>

      {latest && !filtered && (
        <section aria-labelledby="latest-title" className="mt-10">
          <h2 id="latest-title" className="text-2xl font-bold">
            Latest Sermon
          </h2>
          <div className="mt-4">{card(latest, true)}</div>
        </section>
      )}

      <section aria-labelledby="all-title" className="mt-10">
        <h2 id="all-title" className="text-2xl font-bold">
          All Sermons
        </h2>
        <p className="sr-only" role="status">
          {filtered ? `${results.length} sermons found` : ''}
        </p>
        {results.length > 0 ? (
          <ul className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {results.map((sermon) => (
              <li key={sermon.id}>{card(sermon)}</li>
            ))}
          </ul>
        ) : (
          <div className="mt-4 rounded-xl border border-dashed border-border p-10 text-center">
            <p className="text-lg font-semibold">No sermons found</p>
            <p className="mt-1 text-sm text-muted">Try a different search or clear the filters.</p>
            <button
              type="button"
              onClick={() => setFilters(EMPTY_FILTERS)}
              className="mt-4 rounded-lg bg-button px-4 py-2 font-semibold text-button-text hover:opacity-90"
            >
              Clear Filters
            </button>
          </div>
        )}
      </section>
      <audio ref={audioRef} preload="none" onEnded={() => setPlaying(null)} className="hidden" />
    </div>
  );
}
