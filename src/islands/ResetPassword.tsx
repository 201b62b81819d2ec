// The page a password-reset email links to (/reset-password?token=...): choose a new password, which
// POST /auth/password-reset/confirm/ stores while it spends the single-use token. The token leaves the
// address bar at once, so it is not kept in history or shown over a shoulder. A client-only island (the page
// cannot know the token), so there is nothing typed before hydration to take over; its fields still carry
// their native constraints (the kit's Field) and the form stays noValidate so the spec's messages show.
import { useEffect, useState, type SubmitEvent } from 'react';
import { api, apiErrorInfo } from '../lib/client/api-client';
import { MIN_INITIAL_PASSWORD_LENGTH } from '../lib/shared/constants';
import { validateField } from '../lib/shared/validation';
import { Button } from './ui/Button';
import { Field } from './ui/Field';
import { useFormFields } from './ui/useFormFields';
import { ErrorBanner } from './ui/ErrorBanner';
import { AuthDone, authLinkClass as linkClass } from './AuthDone';
import { RESET_LINK_INVALID, accountFieldRules } from '../lib/shared/messages';

export const PASSWORDS_DIFFER = 'Passwords do not match';
const RESET_FAILED = 'Failed to reset password. Please try again.';
// The rules passwordResetConfirmSchema is built from (messages.ts, zod-free: this page loads no zod).
const passwordRules = accountFieldRules.password;

type Status = 'no-token' | 'idle' | 'saving' | 'done';

export default function ResetPassword() {
  // A client-only island (see the page), so the address is there to read on the first render.
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token')?.trim() ?? '');
  const [status, setStatus] = useState<Status>(token ? 'idle' : 'no-token');
  const { values, setErrors, bind } = useFormFields({ password: '', confirm: '' });
  const { password, confirm } = values;
  const [banner, setBanner] = useState<string | null>(null);

  useEffect(() => {
    if (token) window.history.replaceState(null, '', window.location.pathname);
  }, [token]);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status !== 'idle') return;
    const next = {
      password: validateField(password, passwordRules, { label: 'New password' }) ?? undefined,
      confirm: confirm !== password ? PASSWORDS_DIFFER : undefined,
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    setStatus('saving');
    setBanner(null);
    try {
      await api('/auth/password-reset/confirm/', { method: 'POST', body: { token, password } });
      setStatus('done');
    } catch (error) {
      const info = apiErrorInfo(error);
      setErrors({ password: info.errors.password?.[0] });
      setBanner(info.detail || info.message || RESET_FAILED);
      setStatus('idle');
    }
  }

  if (status === 'no-token') {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 text-center">
        <p className="text-sm text-text">{RESET_LINK_INVALID}</p>
        <a href="/forgot-password" className={linkClass}>
          Request a new link
        </a>
      </div>
    );
  }

  if (status === 'done') {
    return <AuthDone title="Password changed">Your password has been reset. You can now sign in.</AuthDone>;
  }

  const saving = status === 'saving';
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={saving || undefined}>
      {banner && (
        <ErrorBanner>
          {banner}{' '}
          {banner === RESET_LINK_INVALID && (
            <a href="/forgot-password" className={linkClass}>
              Request a new link
            </a>
          )}
        </ErrorBanner>
      )}
      <Field
        {...bind('password')}
        label="New password"
        type="password"
        rules={passwordRules}
        realTime
        autoComplete="new-password"
        helperText={`At least ${MIN_INITIAL_PASSWORD_LENGTH} characters.`}
        disabled={saving}
      />
      <Field
        {...bind('confirm')}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        disabled={saving}
      />
      <Button type="submit" size="lg" fullWidth loading={saving}>
        {saving ? 'Saving...' : 'Set New Password'}
      </Button>
      <a href="/login" className={`text-center text-sm ${linkClass}`}>
        Back to Login
      </a>
    </form>
  );
}
