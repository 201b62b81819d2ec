// The admin sign-in form (docs/PRODUCT.md (Pages and screens, States, Validation, Errors)): idle, authenticating, then off to /admin/dashboard.
// The button stays disabled while signing in or while either field is empty, so a double click signs in once.
// The form is server-rendered with native constraints: before hydration the browser checks the fields and the
// button works (a post to /login, which answers that the portal needs JavaScript: the session lives in the
// browser); on hydration useFormTakeover keeps what was typed (or autofilled) and checks the fields left.
// For an account with two-factor on, a right password leads to the code step (a TOTP or a recovery code) on the
// same form, the username kept; when that step can no longer succeed it comes back to the password with why.
// Where the browser has WebAuthn, "Use a passkey" signs in without a username (its name never contains "Sign In",
// the password button's), and the second step offers "Use a passkey instead" when the account has one (a
// passkey-only account is asked for its passkey alone). The WebAuthn code is fetched on that click only
// (session.ts); without JavaScript the form is the password form.
import { useState, type SubmitEvent } from 'react';
import { API_BASE_URL, apiErrorInfo } from '../lib/client/api-client';
import {
  auth,
  CodeRequired,
  CodeStepEnded,
  loginErrorMessage,
  PasskeyCancelled,
  passkeysSupported,
} from '../lib/client/session';
import type { SecondFactor } from '../lib/shared/twofactor/factors';
import { loginFieldRules } from '../lib/shared/messages';
import { validateField } from '../lib/shared/validation';
import { Button } from './ui/Button';
import { Field, type FieldProps } from './ui/Field';
import { useFormFields } from './ui/useFormFields';
import { AlertIcon } from './ui/icons';
import { useHydrated } from './useHydrated';
import { useFormTakeover } from './useFormTakeover';

export const LOGIN_SUCCESS_PATH = '/admin/dashboard';
/** A post of the form before or without JavaScript comes back to the sign-in page, which says why. */
export const LOGIN_NO_SCRIPT_PATH = '/login?no-script';
/** Where an account the two-factor policy covers goes first: the profile's Security section, to enrol. */
export const LOGIN_ENROL_PATH = '/admin/profile';

export const CODE_STEP_TEXT = {
  totp: 'Enter the 6-digit code from your authenticator app',
  recovery: 'Enter one of your recovery codes',
  passkey: 'Use your passkey to finish signing in',
} as const;

/** A failed passkey sign-in in words: the server's reason for a refused answer, else what the browser said. */
function passkeyErrorMessage(error: unknown): string {
  const { status, detail, message } = apiErrorInfo(error);
  if (status === 401 && detail) return detail;
  return status === null ? message : loginErrorMessage(error);
}

/**
 * The second step: the username stays on the form, the code is asked (an app's or a recovery code), or a passkey
 * when the account has one (and only a passkey when that is all it has).
 */
function CodeStep({
  username,
  methods,
  code,
  setCode,
  busy,
  onBack,
  onPasskey,
}: {
  username: string;
  methods: readonly SecondFactor[];
  code: string;
  setCode: (code: string) => void;
  busy: boolean;
  onBack: () => void;
  onPasskey: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const link = 'text-sm font-medium text-primary-strong underline-offset-4 hover:underline';
  const codes = methods.includes('totp');
  const passkey = methods.includes('passkey') && passkeysSupported();
  return (
    <>
      <p className="text-sm text-muted">
        Signing in as <span className="font-semibold text-text">{username.trim()}</span>
      </p>
      {codes ? (
        <>
          <p className="text-sm text-text">{recovery ? CODE_STEP_TEXT.recovery : CODE_STEP_TEXT.totp}</p>
          <Field
            key={recovery ? 'recovery' : 'totp'}
            name="code"
            label={recovery ? 'Recovery code' : 'Authentication code'}
            value={code}
            onChange={setCode}
            disabled={busy}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            inputMode={recovery ? 'text' : 'numeric'}
            placeholder={recovery ? 'XXXXX-XXXXX' : '123456'}
          />
        </>
      ) : (
        <p className="text-sm text-text">{CODE_STEP_TEXT.passkey}</p>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className={link} onClick={onBack} disabled={busy}>
          Back
        </button>
        {codes && (
          <button
            type="button"
            className={link}
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
            }}
            disabled={busy}
          >
            {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </button>
        )}
      </div>
      {codes ? (
        <>
          <Button type="submit" size="lg" fullWidth loading={busy} disabled={!code.trim()}>
            {busy ? 'Verifying...' : 'Verify'}
          </Button>
          {passkey && (
            <Button type="button" variant="outline" size="lg" fullWidth disabled={busy} onClick={onPasskey}>
              Use a passkey instead
            </Button>
          )}
        </>
      ) : (
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {busy ? 'Verifying...' : 'Use a passkey'}
        </Button>
      )}
    </>
  );
}

export default function LoginForm({ debug = false, apiBase = '' }: { debug?: boolean; apiBase?: string }) {
  const { values, setValues, setErrors, bind } = useFormFields({ username: '', password: '' });
  const { username, password } = values;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeStep, setCodeStep] = useState(false);
  const [methods, setMethods] = useState<readonly SecondFactor[]>(['totp']);
  const [code, setCode] = useState('');
  const hydrated = useHydrated();
  const passkeys = hydrated && passkeysSupported();
  // What the browser autofilled or the person typed before this script arrived.
  const { formRef, touched } = useFormTakeover((typed) =>
    setValues({ username: typed.text('username'), password: typed.text('password') }),
  );

  const field = (name: 'username' | 'password', label: string, extra: Partial<FieldProps>) => (
    <Field
      {...bind(name)}
      label={label}
      rules={loginFieldRules[name]}
      realTime
      touched={touched.has(name)}
      disabled={busy}
      {...extra}
    />
  );

  /** Off to the portal: straight to enrolment when the two-factor policy needs it. */
  function signedIn() {
    const state = auth.$auth.get();
    const enrol = state.status === 'authenticated' && state.mustEnrol === true;
    window.location.assign(enrol ? LOGIN_ENROL_PATH : LOGIN_SUCCESS_PATH);
  }

  /** Back to the password with why: the second step can no longer succeed. */
  function stepEnded(err: CodeStepEnded) {
    setCodeStep(false);
    setValues({ username, password: '' });
    setError(err.message);
  }

  async function onCode() {
    setError(null);
    setBusy(true);
    try {
      await auth.loginWithCode(code);
      signedIn();
    } catch (err) {
      if (err instanceof CodeStepEnded) stepEnded(err);
      else {
        const { status, detail } = apiErrorInfo(err);
        setError(status === 401 && detail ? detail : loginErrorMessage(err));
      }
      setBusy(false);
    }
  }

  /** A passkey alone, or as the second step; a closed prompt is no failure (the form just stays). */
  async function onPasskey(signIn: () => Promise<unknown>) {
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      await signIn();
      signedIn();
    } catch (err) {
      if (err instanceof CodeStepEnded) stepEnded(err);
      else if (!(err instanceof PasskeyCancelled)) setError(passkeyErrorMessage(err));
      setBusy(false);
    }
  }
  const onPasskeyStep = () => onPasskey(() => auth.loginWithPasskeyStep());

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (codeStep) return methods.includes('totp') ? onCode() : onPasskeyStep();
    setError(null);
    // The fields' own rules decide before anything is sent: a password shorter than any account's can only fail,
    // and its field message alone says why (issue 28).
    const errors = {
      username: validateField(username, loginFieldRules.username, { label: 'Username' }) ?? undefined,
      password: validateField(password, loginFieldRules.password, { label: 'Password' }) ?? undefined,
    };
    setErrors(errors);
    if (errors.username || errors.password) return;
    setBusy(true);
    try {
      await auth.login(username, password);
      signedIn();
    } catch (err) {
      if (err instanceof CodeRequired) {
        setCode('');
        setMethods(err.methods);
        setCodeStep(true);
      } else setError(loginErrorMessage(err));
      setBusy(false);
    }
  }

  return (
    <form
      ref={formRef}
      method="post"
      action={LOGIN_NO_SCRIPT_PATH}
      noValidate={hydrated}
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-busy={busy || undefined}
    >
      {error && (
        <div role="alert" className="flex gap-3 rounded-lg border border-error bg-error/10 p-3 text-sm text-text">
          <AlertIcon className="mt-0.5 shrink-0 text-error" />
          <div>
            <p className="font-semibold text-error">Authentication Failed</p>
            <p>{error}</p>
          </div>
        </div>
      )}
      {codeStep ? (
        <CodeStep
          username={username}
          methods={methods}
          onPasskey={onPasskeyStep}
          code={code}
          setCode={setCode}
          busy={busy}
          onBack={() => {
            setCodeStep(false);
            setError(null);
          }}
        />
      ) : (
        <>
          {field('username', 'Username', { autoComplete: 'username', placeholder: 'Enter your username' })}
          {field('password', 'Password', {
            type: 'password',
            autoComplete: 'current-password',
            placeholder: 'Enter your password',
          })}
          <div className="flex justify-end">
            <a
              href="/forgot-password"
              className="text-sm font-medium text-primary-strong underline-offset-4 hover:underline"
            >
              Forgot your password?
            </a>
          </div>
          <Button type="submit" size="lg" fullWidth loading={busy} disabled={hydrated && (!username || !password)}>
            {busy ? 'Signing in...' : 'Sign In'}
          </Button>
          {passkeys && (
            <>
              <p className="flex items-center gap-3 text-xs text-muted before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
                or
              </p>
              <Button
                type="button"
                variant="outline"
                size="lg"
                fullWidth
                disabled={busy}
                onClick={() => void onPasskey(() => auth.loginWithPasskey())}
              >
                Use a passkey
              </Button>
            </>
          )}
        </>
      )}
      {debug && (
        <p className="rounded-md bg-surface px-3 py-2 font-mono text-xs text-muted" data-testid="debug-line">
          Debug mode: API {apiBase || API_BASE_URL}, platform web
        </p>
      )}
    </form>
  );
}
