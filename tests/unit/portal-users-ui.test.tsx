// @vitest-environment happy-dom
// The users screen with a big church's 10,000 users on a mocked API: the table keeps its full size for assistive
// technology (aria-rowcount, aria-rowindex) but holds only a window of rows in the DOM, follows the page's scroll
// to the last user, and filters on a keystroke to the right count. rowRange is the window's arithmetic.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithQuery } from './query-wrapper';
import UsersScreen from '../../src/islands/admin/features/users/UsersScreen';
import { ROW_REM } from '../../src/islands/admin/features/users/UsersTable';
import { rowRange } from '../../src/islands/ui/windowed-rows';
import { auth } from '../../src/lib/client/session';
import { listUsers } from '../../src/islands/admin/features/users/api';
import type { User } from '../../src/lib/shared/users/types';

const COUNT = 10_000;
const FIRST = ['Abena', 'Kojo', 'Efua', 'Kwesi', 'Adwoa'];

/** A big church: every tenth user is a Mensah, every seventh is suspended. */
const bigChurch = (): User[] =>
  Array.from(
    { length: COUNT },
    (_, i) =>
      ({
        id: i + 1,
        username: `member${i + 1}`,
        email: `member${i + 1}@example.org`,
        first_name: FIRST[i % FIRST.length],
        last_name: i % 10 === 0 ? 'Mensah' : 'Owusu',
        phone_number: `+2332${String(i + 1).padStart(8, '0')}`,
        avatar: null,
        role: 'MEMBER',
        is_active: true,
        is_suspended: i % 7 === 0,
        can_access_web: false,
        date_joined: '2025-03-01T10:00:00.000Z',
        last_login: null,
      }) as User,
  );

vi.mock('../../src/islands/admin/features/users/api', () => ({
  listUsers: vi.fn(async () => bigChurch()),
  getUserStats: vi.fn(async () => null),
  createUser: vi.fn(),
  updateUser: vi.fn(),
  deleteUser: vi.fn(),
  changeUser: vi.fn(),
}));

afterEach(cleanup);

const rows = () => screen.queryAllByTestId('user-row');

async function renderBigChurch() {
  auth.setUser({ id: 9_999_999, username: 'superadmin', role: 'SUPERADMIN' } as User);
  renderWithQuery(<UsersScreen />);
  await screen.findByText(`Showing ${COUNT} of ${COUNT} users`);
  return screen.getByRole('table', { name: 'Users' });
}

describe('users screen with a church of 150', () => {
  it('renders every row, so find-in-page reaches everyone', async () => {
    vi.mocked(listUsers).mockResolvedValueOnce(bigChurch().slice(0, 150));
    auth.setUser({ id: 9_999_999, username: 'superadmin', role: 'SUPERADMIN' } as User);
    renderWithQuery(<UsersScreen />);
    await screen.findByText('Showing 150 of 150 users');
    expect(rows()).toHaveLength(150);
    expect(rows().at(-1)!.getAttribute('data-username')).toBe('member150');
  });
});

describe('users screen with 10,000 users', () => {
  it('renders the full size for assistive technology and only a window of rows in the DOM', async () => {
    const table = await renderBigChurch();
    expect(table.getAttribute('aria-rowcount')).toBe(String(COUNT + 1));
    const shown = rows();
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(60);
    expect(shown.map((r) => r.getAttribute('aria-rowindex'))).toEqual(shown.map((_, i) => String(i + 2)));
    expect(shown[0].dataset.username).toBe('member1');
    // Every column, badge and action of the first row is there.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'User',
      'Role',
      'Status',
      'Joined',
      'Actions',
    ]);
    expect(shown[0].textContent).toContain('Abena Mensah');
    expect(shown[0].textContent).toContain('Suspended');
    expect(screen.getByRole('button', { name: 'Reactivate Abena Mensah' })).toBeTruthy();
    // The rest of the list is one spacer row, as tall as the rows it stands for and hidden from assistive technology.
    const below = table.querySelector('tbody > tr:last-child') as HTMLElement;
    expect(below.getAttribute('aria-hidden')).toBe('true');
    expect(parseFloat(below.style.height)).toBeCloseTo((COUNT - shown.length) * ROW_REM * 16);
  });

  it('follows the page to the last user when scrolled to the end', async () => {
    const table = await renderBigChurch();
    const tbody = table.querySelector('tbody')!;
    const rowPx = ROW_REM * 16;
    // Scrolled so the list's last row sits at the bottom of the viewport.
    const top = window.innerHeight - COUNT * rowPx;
    vi.spyOn(tbody, 'getBoundingClientRect').mockReturnValue({ top } as DOMRect);
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    await waitFor(() => expect(rows().at(-1)?.dataset.username).toBe(`member${COUNT}`));
    const shown = rows();
    expect(shown.at(-1)!.getAttribute('aria-rowindex')).toBe(String(COUNT + 1));
    expect(shown.length).toBeLessThan(60);
    expect(rows().some((r) => r.dataset.username === 'member1')).toBe(false);
    const above = tbody.querySelector('tr:first-child') as HTMLElement;
    expect(above.getAttribute('aria-hidden')).toBe('true');
    expect(parseFloat(above.style.height)).toBeCloseTo((COUNT - shown.length) * rowPx);
  });

  it('filters on a keystroke to the right count, then back to everyone', async () => {
    const table = await renderBigChurch();
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    fireEvent.change(search, { target: { value: 'mensah' } });
    await screen.findByText(`Showing ${COUNT / 10} of ${COUNT} users`);
    expect(table.getAttribute('aria-rowcount')).toBe(String(COUNT / 10 + 1));
    expect(rows().every((r) => r.textContent?.includes('Mensah'))).toBe(true);
    expect(rows().length).toBeLessThan(60);
    // One more key narrows to a single user, found by phone number.
    fireEvent.change(search, { target: { value: '00005001' } });
    await screen.findByText(`Showing 1 of ${COUNT} users`);
    expect(rows().map((r) => r.dataset.username)).toEqual(['member5001']);
    fireEvent.change(search, { target: { value: '' } });
    await screen.findByText(`Showing ${COUNT} of ${COUNT} users`);
    expect(rows()[0].dataset.username).toBe('member1');
  });
});

describe('rowRange', () => {
  const row = 90;
  it('renders the rows in view and the overscan after them at the top of the list', () => {
    expect(rowRange(400, 900, row, 10_000, 10)).toEqual({ start: 0, end: 16 });
  });
  it('renders the overscan on both sides in the middle of the list', () => {
    expect(rowRange(-9000, 900, row, 10_000, 10)).toEqual({ start: 90, end: 120 });
  });
  it('stops at the list ends', () => {
    expect(rowRange(900 - 10_000 * row, 900, row, 10_000, 10)).toEqual({ start: 9980, end: 10_000 });
    expect(rowRange(0, 900, row, 3, 10)).toEqual({ start: 0, end: 3 });
  });
  it('keeps only the overscan when the list is below the viewport, nothing once scrolled past', () => {
    expect(rowRange(2000, 900, row, 10_000, 10)).toEqual({ start: 0, end: 10 });
    expect(rowRange(-10_000 * row - 5000, 900, row, 10_000, 10)).toEqual({ start: 10_000, end: 10_000 });
  });
});
