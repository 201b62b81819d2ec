// @vitest-environment happy-dom
// The /prayers request form island and the rules the wall and the portal share: its server HTML is a working
// plain form (post to the API, honeypot hidden from people), with JavaScript it posts JSON, thanks and clears,
// puts the server's field messages on their fields; first names only; the 30-day follow-up rule.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import PrayerRequestForm, { PRAYER_FIELDS, PRAYER_FORM_ACTION } from '../../src/islands/PrayerRequestForm';
import { formRules } from '../../src/lib/shared/forms';
import { prayerRequestSchema } from '../../src/lib/shared/schemas';

// As /prayers hands them over.
const rules = formRules(prayerRequestSchema, PRAYER_FIELDS);
import { FOLLOW_UP_DAYS, PRAYER_THANKS, firstName, needsFollowUp } from '../../src/lib/shared/prayers/wall';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const label = (text: string) => screen.getByLabelText(new RegExp(`^${text}\\s*\\*?$`));
const type = (text: string, value: string) => fireEvent.change(label(text), { target: { value } });

function fillValid() {
  type('Name', 'Ama Serwaa Owusu');
  type('Email', 'ama@example.org');
  type('Category', 'health');
  type('Title', 'Healing for my father');
  type('Prayer Request', 'Please pray for my father, who is in hospital this week.');
}

describe('PrayerRequestForm', () => {
  it('renders on the server as a plain form posting to the API, the honeypot out of reach', () => {
    const html = renderToString(<PrayerRequestForm rules={rules} />);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const form = doc.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(PRAYER_FORM_ACTION);
    // Before hydration the browser's own checks apply.
    expect(form.hasAttribute('novalidate')).toBe(false);
    for (const name of ['name', 'email', 'phone', 'title', 'description', 'category', 'isPublic', 'urgent']) {
      expect(form.querySelector(`[name="${name}"]`), name).not.toBeNull();
    }
    const [share, keep] = [...form.querySelectorAll<HTMLInputElement>('input[name="isPublic"]')];
    expect([share.value, keep.value]).toEqual(['true', 'false']);
    const bait = form.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(bait.getAttribute('tabindex')).toBe('-1');
    expect(bait.getAttribute('autocomplete')).toBe('off');
    expect(bait.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('posts JSON, thanks the visitor and clears the form', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response(JSON.stringify({ id: 7, status: 'active', approved: false }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<PrayerRequestForm rules={rules} />);
    fillValid();
    fireEvent.click(screen.getByLabelText(/Keep private/));
    fireEvent.click(screen.getByLabelText(/This is urgent/));
    fireEvent.click(screen.getByRole('button', { name: 'Send Prayer Request' }));
    expect(await screen.findByText(PRAYER_THANKS)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(PRAYER_FORM_ACTION);
    expect(JSON.parse(init.body)).toEqual({
      name: 'Ama Serwaa Owusu',
      email: 'ama@example.org',
      phone: '',
      title: 'Healing for my father',
      description: 'Please pray for my father, who is in hospital this week.',
      category: 'health',
      isPublic: false,
      urgent: true,
    });
    expect((label('Name') as HTMLInputElement).value).toBe('');
    expect((label('Title') as HTMLInputElement).value).toBe('');
  });

  it('checks before sending: the spec messages and nothing sent', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<PrayerRequestForm rules={rules} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send Prayer Request' }));
    for (const text of [
      'Name is required',
      'Title is required',
      'Prayer Request is required',
      'Category is required',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the server's field messages on their fields, and says when it was refused", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ detail: 'x', errors: { title: ['Maximum 120 characters allowed'] } }), {
          status: 400,
        }),
      )
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ detail: 'Too many submissions from your connection. Please try again later.' }), {
          status: 429,
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    render(<PrayerRequestForm rules={rules} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Send Prayer Request' }));
    expect(await screen.findByText('Maximum 120 characters allowed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send Prayer Request' }));
    expect(await screen.findByText('Too many submissions from your connection. Please try again later.')).toBeTruthy();
    expect((label('Name') as HTMLInputElement).value).toBe('Ama Serwaa Owusu');
  });
});

describe('prayer wall rules', () => {
  it('names the requester by the first name only', () => {
    expect(firstName('Ama Serwaa Owusu')).toBe('Ama');
    expect(firstName('  Kofi  ')).toBe('Kofi');
  });

  it(`flags a request untouched for more than ${FOLLOW_UP_DAYS} days unless answered or closed`, () => {
    const now = Date.parse('2026-11-23T00:00:00Z');
    const old = new Date(now - (FOLLOW_UP_DAYS + 1) * 86_400_000).toISOString();
    const recent = new Date(now - (FOLLOW_UP_DAYS - 1) * 86_400_000).toISOString();
    expect(needsFollowUp({ status: 'active', lastUpdated: old }, now)).toBe(true);
    expect(needsFollowUp({ status: 'ongoing', lastUpdated: old }, now)).toBe(true);
    expect(needsFollowUp({ status: 'active', lastUpdated: recent }, now)).toBe(false);
    expect(needsFollowUp({ status: 'answered', lastUpdated: old }, now)).toBe(false);
    expect(needsFollowUp({ status: 'closed', lastUpdated: old }, now)).toBe(false);
  });
});
