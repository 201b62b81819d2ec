// The forgot-password page's form posted without JavaScript (issue 11): POST /auth/password-reset/ takes an HTML
// form post and answers it with a 303 back to /forgot-password#reset-requested, the same neutral answer whether
// the address is known or not; a refused post gets the small HTML refusal page. JSON callers are unchanged.
import { vi, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';

describe.each(backends())('password-reset form post on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend);
  });
  afterAll(() => api?.close());

  const post = (form: Record<string, string>) =>
    fetch(`${api.url}/api/v1/auth/password-reset/`, {
      method: 'POST',
      body: new URLSearchParams(form),
      redirect: 'manual',
    });

  it('answers 303 to the page, known address or not, and mails only the known one', async () => {
    await api.createUser({ username: 'formforgetful', role: 'PASTOR', email: 'formforgetful@test.example.org' });
    const before = api.mails.length;
    const unknown = await post({ email: 'nobody@test.example.org' });
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get('location')).toBe('/forgot-password#reset-requested');
    expect(api.mails).toHaveLength(before);
    const known = await post({ email: 'formforgetful@test.example.org' });
    expect(known.status).toBe(303);
    expect(known.headers.get('location')).toBe('/forgot-password#reset-requested');
    // The mail goes out after the answer (a known address answers as fast as an unknown one); exactly one, so
    // none went to the unknown address either.
    await vi.waitFor(() => expect(api.mails).toHaveLength(before + 1));
    expect(api.mails.at(-1)!.to).toBe('formforgetful@test.example.org');
  });

  it('refuses an invalid address with the HTML refusal page, not a redirect', async () => {
    const res = await post({ email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('Please enter a valid email address');
  });

  it('still answers a JSON caller with 200 and the neutral detail', async () => {
    const res = await api.request('POST', '/auth/password-reset/', { body: { email: 'nobody@test.example.org' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'If an account exists for that email, a reset link has been sent.' });
  });
});
