// @vitest-environment happy-dom
// The sign-in form's second step on a stubbed auth store: the code step keeps the username, asks for the app's code
// (numeric, one-time-code) or a recovery code, says what a wrong code is and keeps the step, and goes back to the
// password with a message once the step has ended. Passkeys: offered only where the browser has WebAuthn, alone on
// the password step and as the second step of an account that has one; a closed prompt is no error.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FetchError } from 'ofetch';
import LoginForm, { CODE_STEP_TEXT } from '../../src/islands/LoginForm';
import { auth, CodeRequired, CodeStepEnded, PasskeyCancelled } from '../../src/lib/client/session';

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

describe('passkeys on /login', () => {
  const REFUSED = 'That passkey could not sign you in. Please try again, or sign in with your password.';

  it('offers a passkey sign-in only where the browser has WebAuthn; a closed prompt is no error', async () => {
    const { unmount } = render(<LoginForm />);
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    unmount();
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    try {
      const usernameless = vi.spyOn(auth, 'loginWithPasskey').mockRejectedValueOnce(new PasskeyCancelled());
      render(<LoginForm />);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
      });
      expect(usernameless).toHaveBeenCalledOnce();
      expect(screen.queryByRole('alert')).toBeNull();
      usernameless.mockRejectedValueOnce(refusal(401, REFUSED));
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
      });
      expect((await screen.findByRole('alert')).textContent).toContain(REFUSED);
      // The password form is still there to use instead.
      expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('offers "Use a passkey instead" on the second step of an account with one, and asks only for it when it is all there is', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    try {
      const step = vi.spyOn(auth, 'loginWithPasskeyStep').mockRejectedValue(new PasskeyCancelled());
      vi.mocked(auth.login).mockRejectedValue(new CodeRequired(['totp', 'passkey']));
      await toCodeStep();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Use a passkey instead' }));
      });
      expect(step).toHaveBeenCalledOnce();
      expect(screen.getByLabelText('Authentication code')).toBeTruthy();
      cleanup();

      vi.mocked(auth.login).mockRejectedValue(new CodeRequired(['passkey']));
      render(<LoginForm />);
      fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'admin' } });
      fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Demo1234!' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      });
      await screen.findByText(CODE_STEP_TEXT.passkey);
      expect(screen.queryByLabelText('Authentication code')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
      step.mockRejectedValueOnce(new CodeStepEnded());
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
      });
      expect(step).toHaveBeenCalledTimes(2);
      await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(new CodeStepEnded().message));
      expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
