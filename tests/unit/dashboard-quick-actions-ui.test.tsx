// @vitest-environment happy-dom
// The dashboard's New Sermon and Schedule Event quick actions: for a role that may create they open the screen's
// form directly (?new=1, which the screen reads once and drops); for one that may not they are off, with the
// reason (CONTENT_RULES) as their description.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithQuery } from './query-wrapper';
import DashboardScreen from '../../src/islands/admin/features/dashboard/DashboardScreen';
import SermonsScreen from '../../src/islands/admin/features/sermons/SermonsScreen';
import EventsScreen from '../../src/islands/admin/features/events/EventsScreen';
import { auth } from '../../src/lib/client/session';
import type { Role } from '../../src/lib/shared/permissions';
import type { User } from '../../src/lib/shared/users/types';

vi.mock('../../src/islands/admin/features/dashboard/api', () => ({
  getFigures: vi.fn(() => new Promise(() => {})),
  getStatus: vi.fn(() => new Promise(() => {})),
  getActivity: vi.fn(async () => ({ results: [] })),
  getAttendanceWeeks: vi.fn(async () => ({ last: undefined, weeks: [] })),
}));
vi.mock('../../src/islands/admin/layout/notices', async (original) => ({
  ...(await original<typeof import('../../src/islands/admin/layout/notices')>()),
  refreshNotices: vi.fn(async () => {}),
}));
// The screens' branch picker asks for the branch list: answered here, not sent to a server that is not there.
vi.mock('../../src/islands/admin/branch-tree', async (original) => ({
  ...(await original<typeof import('../../src/islands/admin/branch-tree')>()),
  branchesQuery: () => ({ queryKey: ['branches'], queryFn: async () => [] }),
}));
vi.mock('../../src/islands/admin/features/sermons/api', () => ({ listSermons: vi.fn(async () => []) }));
vi.mock('../../src/islands/admin/features/events/api', () => ({ listEvents: vi.fn(async () => []) }));

const signIn = (role: Role) => auth.setUser({ id: 1, username: role.toLowerCase(), role } as User);

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(cleanup);

describe('dashboard quick actions', () => {
  it('link a pastor to the New Sermon and Create Event forms', () => {
    signIn('PASTOR');
    renderWithQuery(<DashboardScreen />);
    expect(screen.getByRole('link', { name: 'New Sermon' }).getAttribute('href')).toBe('/sermons?new=1');
    expect(screen.getByRole('link', { name: 'Schedule Event' }).getAttribute('href')).toBe('/events?new=1');
  });

  it('are off, with the reason as description, for a role that may not create', () => {
    signIn('MEMBER');
    renderWithQuery(<DashboardScreen />);
    const sermon = screen.getByRole('button', { name: 'New Sermon' });
    expect((sermon as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(sermon.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Only Pastor and above can add sermons',
    );
    const event = screen.getByRole('button', { name: 'Schedule Event' });
    expect((event as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(event.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Only Pastor and above can add events',
    );
    expect(screen.queryByRole('link', { name: 'New Sermon' })).toBeNull();
  });
});

describe('?new=1 on the content screens', () => {
  it('opens the New Sermon form once, and drops the query', async () => {
    signIn('PASTOR');
    window.history.replaceState(null, '', '/sermons?new=1');
    renderWithQuery(<SermonsScreen />);
    expect(await screen.findByRole('dialog', { name: 'New Sermon' })).toBeTruthy();
    expect(window.location.search).toBe('');
  });

  it('opens the Create Event form once, and drops the query', async () => {
    signIn('PASTOR');
    window.history.replaceState(null, '', '/events?new=1');
    renderWithQuery(<EventsScreen />);
    expect(await screen.findByRole('dialog', { name: 'Create Event' })).toBeTruthy();
    expect(window.location.search).toBe('');
  });

  it('opens nothing without ?new=1, or for a role that may not create', async () => {
    signIn('PASTOR');
    renderWithQuery(<SermonsScreen />);
    await screen.findByRole('heading', { name: 'Sermon Management' });
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    signIn('MEMBER');
    window.history.replaceState(null, '', '/events?new=1');
    renderWithQuery(<EventsScreen />);
    await screen.findByRole('heading', { name: 'Event Management' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
