// The admin sign-in form (docs/PRODUCT.md (Pages and screens, States, Validation, Errors)): idle, authenticating, then off to /admin/dashboard.
// The button stays disabled while signing in or while either field is empty, so a double click signs in once.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { auth, loginErrorMessage } from '../lib/client/session';
import { loginFieldRules, messages } from '../lib/shared/messages';
import { Button } from './ui/Button';
import { Field } from './ui/Field';
import { AlertIcon } from './ui/icons';

export const LOGIN_SUCCESS_PATH = '/admin/dashboard';

export default function LoginForm({ debug = false, apiBase = '' }: { debug?: boolean; apiBase?: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitErrors, setSubmitErrors] = useState<{ username?: string; password?: string }>({});
  const form = useRef<HTMLFormElement>(null);

  // The form is server-rendered: what the browser autofilled or the person typed before this script
  // arrived is in the inputs but not yet in state. Take it over once, on hydration.
  useEffect(() => {
    const read = (name: string) => (form.current?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    const [typedUser, typedPassword] = [read('username'), read('password')];
    if (typedUser) setUsername(typedUser);
    if (typedPassword) setPassword(typedPassword);
  }, []);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setError(null);
    const errors = {
      username: username.trim() ? undefined : messages.required('Username'),
      password: password ? undefined : messages.required('Password'),
    };
    setSubmitErrors(errors);
    if (errors.username || errors.password) return;
    setBusy(true);
    try {
      await auth.login(username, password);
      window.location.assign(LOGIN_SUCCESS_PATH);
    } catch (err) {
      setError(loginErrorMessage(err));
      setBusy(false);
    }
  }

  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={busy || undefined}>
      {error && (
        <div role="alert" className="flex gap-3 rounded-lg border border-error bg-error/10 p-3 text-sm text-text">
          <AlertIcon className="mt-0.5 shrink-0 text-error" />
          <div>
            <p className="font-semibold text-error">Authentication Failed</p>
            <p>{error}</p>
          </div>
        </div>
      )}
      <Field
        name="username"
        label="Username"
        value={username}
        onChange={(v) => {
          setUsername(v);
          setSubmitErrors((s) => ({ ...s, username: undefined }));
        }}
        rules={loginFieldRules.username}
        realTime
        externalError={submitErrors.username}
        autoComplete="username"
        placeholder="Enter your username"
        disabled={busy}
      />
      <Field
        name="password"
        label="Password"
        type="password"
        value={password}
        onChange={(v) => {
          setPassword(v);
          setSubmitErrors((s) => ({ ...s, password: undefined }));
        }}
        rules={loginFieldRules.password}
        realTime
        externalError={submitErrors.password}
        autoComplete="current-password"
        placeholder="Enter your password"
        disabled={busy}
      />
      <div className="flex justify-end">
        <a
          href="/forgot-password"
          className="text-sm font-medium text-primary-strong underline-offset-4 hover:underline"
        >
          Forgot your password?
        </a>
      </div>
      <Button type="submit" size="lg" fullWidth loading={busy} disabled={!username || !password}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
      {debug && (
        <p className="rounded-md bg-surface px-3 py-2 font-mono text-xs text-muted" data-testid="debug-line">
          Debug mode: API {apiBase || '/api/v1'}, platform web
        </p>
      )}
    </form>
  );
}
