// /debug (docs/PRODUCT.md (Pages and screens)): test login and test profile buttons, the stored tokens on screen, and the
// server's answer or error body. Only served when debug mode is on.
import { Fragment, useState, type ReactNode } from 'react';
import { api, apiErrorInfo, tokens } from '../lib/client/api-client';
import { auth } from '../lib/client/session';
import { Button } from './ui/Button';
import { Field } from './ui/Field';
import { RunOutput } from './RunOutput';

function describe(error: unknown): string {
  const info = apiErrorInfo(error);
  const body = info.body !== undefined ? JSON.stringify(info.body, null, 2) : info.message;
  return info.status ? `Error ${info.status}\n${body}` : body;
}

export default function DebugPanel() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [output, setOutput] = useState('');
  const [busy, setBusy] = useState(false);
  const [stored, setStored] = useState(() => ({ access: tokens.getAccess(), refresh: tokens.getRefresh() }));

  async function run(task: () => Promise<unknown>) {
    setBusy(true);
    try {
      setOutput(JSON.stringify(await task(), null, 2));
    } catch (error) {
      setOutput(describe(error));
    } finally {
      setStored({ access: tokens.getAccess(), refresh: tokens.getRefresh() });
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <section className="grid gap-3 sm:grid-cols-2">
        <Field name="username" label="Username" value={username} onChange={setUsername} autoComplete="off" />
        <Field
          name="password"
          label="Password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="off"
        />
      </section>
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy || !username || !password} onClick={() => run(() => auth.login(username, password))}>
          Test Login
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => run(() => api('/auth/profile/'))}>
          Test Profile
        </Button>
      </div>
      <Part id="tokens-heading" title="Stored tokens">
        {(['access', 'refresh'] as const).map((kind) => (
          <Fragment key={kind}>
            <p className="text-sm font-medium">{kind === 'access' ? 'Access token' : 'Refresh token'}</p>
            <pre
              data-testid={`${kind}-token`}
              className="overflow-x-auto rounded-lg bg-surface p-3 text-xs break-all whitespace-pre-wrap"
            >
              {stored[kind] ?? '(none)'}
            </pre>
          </Fragment>
        ))}
      </Part>
      <Part id="result-heading" title="Result">
        <RunOutput testId="debug-output" output={output} className="max-h-96 overflow-auto" />
      </Part>
    </div>
  );
}

/** A titled part of the page, named by its heading. */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
