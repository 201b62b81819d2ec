// @vitest-environment happy-dom
// /login's own checks on submit (issue 28, item 15): a password shorter than the field's minimum shows only the
// field's message ("Minimum 6 characters"), and nothing is sent, so no "Authentication Failed" banner follows.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FetchError } from 'ofetch';
import LoginForm from '../../src/islands/LoginForm';
import { auth } from '../../src/lib/client/session';

beforeEach(() => {
  // Were the form to send, the server would refuse: the banner would show.
  const refused = Object.assign(new FetchError('Invalid credentials'), { status: 401, statusCode: 401 });
  vi.spyOn(auth, 'login').mockRejectedValue(refused);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function submit(username: string, password: string) {
  render(<LoginForm />);
  fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  });
}

it('a 5-character password shows the field message only and sends nothing', async () => {
  await submit('admin', 'abcde');
  expect(screen.getByText('Minimum 6 characters required')).toBeTruthy();
  expect(screen.queryByText('Authentication Failed')).toBeNull();
  expect(auth.login).not.toHaveBeenCalled();
});

it('a 2-character username is refused the same way', async () => {
  await submit('ab', 'Demo1234!');
  expect(screen.getByText('Minimum 3 characters required')).toBeTruthy();
  expect(auth.login).not.toHaveBeenCalled();
});

it('a password of the minimum length is sent, and a refusal is the banner', async () => {
  await submit('admin', 'abcdef');
  expect(auth.login).toHaveBeenCalledWith('admin', 'abcdef');
  expect(await screen.findByText('Authentication Failed')).toBeTruthy();
});
