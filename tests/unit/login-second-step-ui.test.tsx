// @vitest-environment happy-dom
// The sign-in form's second step on a stubbed auth store: the code step keeps the username, asks for the app's code
// (numeric, one-time-code) or a recovery code, says what a wrong code is and keeps the step, and goes back to the
// password with a message once the step has ended.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FetchError } from 'ofetch';
import LoginForm, { CODE_STEP_TEXT } from '../../src/islands/LoginForm';
import { auth, CodeRequired, CodeStepEnded } from '../../src/lib/client/session';

const WRONG = 'Invalid or expired code. Please sign in again if this keeps happening.';

function refusal(status: number, detail: string) {
  return Object.assign(new FetchError(detail), { status, statusCode: status, data: { detail } });
}

beforeEach(() => {
  vi.spyOn(auth, 'login').mockRejectedValue(new CodeRequired());
  vi.spyOn(auth, 'loginWithCode');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function toCodeStep() {
  render(<LoginForm />);
  fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Demo1234!' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  });
  await screen.findByText(CODE_STEP_TEXT.totp);
}

describe('the code step of /login', () => {
  it('asks for the app code after the right password, keeping the username', async () => {
    await toCodeStep();
    const code = screen.getByLabelText('Authentication code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText('admin')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByText(CODE_STEP_TEXT.recovery)).toBeTruthy();
    expect(screen.getByLabelText('Recovery code').getAttribute('inputmode')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText(/^Username/) as HTMLInputElement).value).toBe('admin');
  });

  it('says what a wrong code is and keeps the step; an ended step goes back to the password with why', async () => {
    vi.mocked(auth.loginWithCode).mockRejectedValueOnce(refusal(401, WRONG));
    await toCodeStep();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '000000' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain(WRONG);
    expect(auth.loginWithCode).toHaveBeenCalledWith('000000');
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();

    const ended = new CodeStepEnded();
    vi.mocked(auth.loginWithCode).mockRejectedValueOnce(ended);
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '111111' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(ended.message));
    expect((screen.getByLabelText(/^Username/) as HTMLInputElement).value).toBe('admin');
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
  });
});
