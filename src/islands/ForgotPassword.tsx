// Password-reset request (docs/PRODUCT.md (Pages and screens, States, Validation)): email entry, then a success view. It calls
// POST /auth/password-reset/, which always answers 200 (so nobody learns which addresses exist).
// A real form posting there: before hydration or without JavaScript the browser checks the email and the API
// answers the post with a 303 to /forgot-password#reset-requested, where the page shows the same neutral text.
// On hydration useFormTakeover keeps what was typed and checks it if the visitor already left the field.
import { useState, type SubmitEvent } from 'react';
import { useHydrated } from './useHydrated';
import { useFormTakeover } from './useFormTakeover';
import { api } from '../lib/client/api-client';
import { FORGOT_PASSWORD_DELAY_MS } from '../lib/shared/constants';
import { EMAIL_PATTERN } from '../lib/shared/messages';
import { validateField } from '../lib/shared/validation';
import { Button } from './ui/Button';
import { Field } from './ui/Field';
import { useFormFields } from './ui/useFormFields';
import { AuthDone, authLinkClass } from './AuthDone';
import { ErrorBanner } from './ui/ErrorBanner';

const RESET_FAILED = 'Failed to send reset email. Please try again or contact support.';
const emailRules = { required: true, pattern: EMAIL_PATTERN };

export default function ForgotPassword() {
  const { values, setValues, setErrors, bind } = useFormFields({ email: '' });
  const { email } = values;
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const { formRef, touched } = useFormTakeover((typed) => setValues({ email: typed.text('email') }));

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status === 'sending') return;
    const invalid = validateField(email, emailRules, { label: 'Email', name: 'email', type: 'email' });
    setErrors({ email: invalid ?? undefined });
    if (invalid) return;
    setStatus('sending');
    setError(null);
    try {
      // At least the spec's 2 s in the sending state, so a quick answer and a slow one look alike.
      await Promise.all([
        api('/auth/password-reset/', { method: 'POST', body: { email: email.trim() } }),
        new Promise((resolve) => setTimeout(resolve, FORGOT_PASSWORD_DELAY_MS)),
      ]);
      setStatus('sent');
    } catch {
      setError(RESET_FAILED);
      setStatus('idle');
    }
  }

  if (status === 'sent') {
    return (
      <AuthDone title="Check your email">
        If an account exists for <strong className="text-text">{email.trim()}</strong>, we have sent a link to reset
        your password.
      </AuthDone>
    );
  }

  return (
    <form
      ref={formRef}
      method="post"
      action={`${api.baseURL}/auth/password-reset/`}
      noValidate={hydrated}
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
    >
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <Field
        {...bind('email')}
        label="Email"
        type="email"
        rules={emailRules}
        realTime
        touched={touched.has('email')}
        autoComplete="email"
        placeholder="you@example.com"
        disabled={status === 'sending'}
      />
      <Button type="submit" size="lg" fullWidth loading={status === 'sending'}>
        {status === 'sending' ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <a href="/login" className={`text-center text-sm ${authLinkClass}`}>
        Back to Login
      </a>
    </form>
  );
}
