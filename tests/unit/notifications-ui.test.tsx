// @vitest-environment happy-dom
// The Notifications bell: its badge is what is new to this staff member; opening the list shows it (registrations
// one line per event, leading to that event) and only then marks that very list seen, after which the badge is gone
// and the lines stay in view. Prayer requests still awaiting review stay listed without ringing the bell.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NotificationsMenu, SetupNotices } from '../../src/islands/admin/layout/NotificationsMenu';
import { $notices } from '../../src/islands/admin/layout/notices';
import type { Notices } from '../../src/lib/shared/dashboard/api';

const calls = vi.hoisted(() => ({
  answer: null as unknown,
  seen: [] as { body: unknown; listShown: string }[],
  failSeen: false,
  /** When set, the next list is answered only once this resolves (a slow answer). */
  held: null as Promise<unknown> | null,
}));
vi.mock('../../src/lib/client/api-client', async (original) => ({
  ...(await original<typeof import('../../src/lib/client/api-client')>()),
  api: vi.fn(async (path: string, opts: { method?: string; body?: unknown } = {}) => {
    if (path === '/dashboard/notifications/' && !opts.method) {
      const held = calls.held;
      calls.held = null;
      return held ? structuredClone(await held) : structuredClone(calls.answer);
    }
    if (path === '/dashboard/notifications/seen/' && opts.method === 'POST') {
      // What the open list showed when the mark was sent.
      calls.seen.push({ body: opts.body, listShown: document.getElementById(panelId())?.textContent ?? '' });
      if (calls.failSeen) throw new Error('offline');
      return undefined;
    }
    throw new Error(`unexpected call ${opts.method ?? 'GET'} ${path}`);
  }),
}));

const panelId = () => screen.getByRole('button').getAttribute('aria-controls')!;
const ASOF = '2026-12-01T09:00:00.000Z';
const NEW_TODAY: Notices = {
  total: 3,
  counts: { setup: 0, prayer: 1, message: 0, registration: 2 },
  items: [
    {
      kind: 'prayer',
      id: '7',
      title: 'Healing for my mother',
      detail: 'Urgent health prayer request awaiting review',
      at: ASOF,
      href: '/prayers',
    },
    {
      kind: 'registration',
      id: 'christmas-carol-service',
      title: 'Christmas Carols by Candlelight',
      detail: '168 new registrations',
      at: ASOF,
      href: '/events?q=Christmas%20Carols%20by%20Candlelight',
      count: 168,
    },
    {
      kind: 'registration',
      id: 'youth-camp',
      title: 'Youth Camp 2027',
      detail: '1 new registration',
      at: ASOF,
      href: '/events?q=Youth%20Camp%202027',
      count: 1,
    },
  ],
  asOf: ASOF,
};

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

beforeEach(() => {
  $notices.set({ status: 'loading' });
  calls.answer = NEW_TODAY;
  calls.seen = [];
  calls.failSeen = false;
  calls.held = null;
});
afterEach(cleanup);

describe('the notifications bell', () => {
  it('counts what is new, and once the open list has shown it, marks that list seen: the badge goes', async () => {
    render(<NotificationsMenu variant="icon" />);
    await waitFor(() => expect(bell().textContent).toContain('3 awaiting'));
    expect(calls.seen).toEqual([]);

    fireEvent.click(bell());
    const list = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(calls.seen).toHaveLength(1));
    expect(calls.seen[0].body).toEqual({ asOf: ASOF });
    expect(calls.seen[0].listShown).toContain('Christmas Carols by Candlelight');
    await waitFor(() => expect(bell().textContent).not.toContain('awaiting'));

    // The lines stay in view: one per event, each leading to that event on the events screen.
    const carols = within(list).getByRole('link', { name: /Christmas Carols by Candlelight/ });
    expect(carols.textContent).toContain('168 new registrations');
    expect(carols.getAttribute('href')).toBe('/events?q=Christmas%20Carols%20by%20Candlelight');
    expect(within(list).getByRole('link', { name: /Youth Camp 2027/ }).textContent).toContain('1 new registration');
    expect(within(list).getByText('New registrations').parentElement?.textContent).toContain('2');
    expect(calls.seen).toHaveLength(1);
  });

  it('marks only once the list asked on opening is in: a new item shows, the lines being read stay', async () => {
    render(<NotificationsMenu variant="icon" />);
    await waitFor(() => expect(bell().textContent).toContain('3 awaiting'));
    // Opening asks for a fresh list, answered slowly; meanwhile the last one shows, and no mark is sent: made after
    // the mark, the fresh list would come back without the registrations being read.
    let answer!: (list: Notices) => void;
    calls.held = new Promise((resolve) => (answer = resolve));
    fireEvent.click(bell());
    const list = screen.getByRole('region', { name: 'Notifications' });
    expect(within(list).getByRole('link', { name: /Christmas Carols by Candlelight/ })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.seen).toEqual([]);
    // A prayer request came in meanwhile: the fresh list has it, and that list is the one marked.
    const LATER = '2026-12-01T09:05:00.000Z';
    const prayer = { ...NEW_TODAY.items[0], id: '8', title: 'Travelling mercies', detail: 'travel prayer request' };
    answer({
      ...NEW_TODAY,
      total: 4,
      counts: { ...NEW_TODAY.counts, prayer: 2 },
      items: [prayer, ...NEW_TODAY.items],
      asOf: LATER,
    });
    await waitFor(() => expect(calls.seen).toHaveLength(1));
    expect(calls.seen[0].body).toEqual({ asOf: LATER });
    expect(calls.seen[0].listShown).toContain('Travelling mercies');
    await waitFor(() => expect(bell().textContent).not.toContain('awaiting'));
    expect(within(list).getByRole('link', { name: /Youth Camp 2027/ })).toBeTruthy();
    expect(within(list).getByText('Travelling mercies')).toBeTruthy();

    // Closed and opened again: the next list (the server's, after the mark: no registrations) is shown.
    calls.answer = {
      ...NEW_TODAY,
      total: 0,
      counts: { ...NEW_TODAY.counts, registration: 0 },
      items: NEW_TODAY.items.filter((item) => item.kind !== 'registration'),
      asOf: '2026-12-01T09:06:00.000Z',
    };
    fireEvent.click(bell());
    fireEvent.click(bell());
    await waitFor(() => expect(within(list).queryByText('Christmas Carols by Candlelight')).toBeNull());
    expect(within(list).getByText('Healing for my mother')).toBeTruthy();
    expect(calls.seen).toHaveLength(1);
  });

  it('with nothing new, lists what still awaits review and marks nothing', async () => {
    calls.answer = {
      ...NEW_TODAY,
      total: 0,
      counts: { setup: 0, prayer: 1, message: 0, registration: 0 },
      items: NEW_TODAY.items.filter((item) => item.kind === 'prayer'),
    };
    render(<NotificationsMenu variant="icon" />);
    await waitFor(() => expect($notices.get().status).toBe('ready'));
    expect(bell().textContent).not.toContain('awaiting');
    fireEvent.click(bell());
    const list = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(within(list).getByText('Healing for my mother')).toBeTruthy());
    expect(within(list).queryByText(/All caught up/)).toBeNull();
    expect(calls.seen).toEqual([]);
  });

  it('keeps the badge when the mark could not be recorded', async () => {
    calls.failSeen = true;
    render(<NotificationsMenu variant="icon" />);
    await waitFor(() => expect(bell().textContent).toContain('3 awaiting'));
    fireEvent.click(bell());
    await waitFor(() => expect(calls.seen).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bell().textContent).toContain('3 awaiting');
  });
});

describe('what is yet to be set up (issue 28)', () => {
  const MISSING = {
    kind: 'setup' as const,
    id: 'giving-details',
    title: 'Giving details are missing',
    detail: '/give has no mobile money or bank details to show: add them in Settings → Giving.',
    at: ASOF,
    href: '/settings',
  };

  it('shows on the dashboard with a way to Settings, and in the list, without ringing the bell', async () => {
    calls.answer = {
      ...NEW_TODAY,
      total: 0,
      counts: { setup: 1, prayer: 0, message: 0, registration: 0 },
      items: [MISSING],
    };
    render(
      <>
        <NotificationsMenu variant="banner" />
        <SetupNotices />
      </>,
    );
    const tasks = await screen.findByRole('list', { name: 'To set up' });
    expect(tasks.textContent).toContain('Giving details are missing');
    expect(within(tasks).getByRole('link', { name: 'Open Settings' }).getAttribute('href')).toBe('/settings');
    expect(bell().textContent).not.toContain('awaiting');
    fireEvent.click(bell());
    const list = screen.getByRole('region', { name: 'Notifications' });
    expect(within(list).getByText('To set up')).toBeTruthy();
    expect(
      within(list)
        .getByRole('link', { name: /Giving details are missing/ })
        .getAttribute('href'),
    ).toBe('/settings');
    expect(within(list).queryByText(/All caught up/)).toBeNull();
  });

  it('shows nothing on the dashboard when all is set up', async () => {
    render(<SetupNotices />);
    const { refreshNotices } = await import('../../src/islands/admin/layout/notices');
    await refreshNotices();
    await waitFor(() => expect($notices.get().status).toBe('ready'));
    expect(screen.queryByRole('list', { name: 'To set up' })).toBeNull();
  });
});
