// /auth-test (docs/PRODUCT.md (Pages and screens)): the session as the app sees it, and buttons that try the users list and
// the user stats, showing the answer or the status code and error body. Only served in debug mode.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { api, apiErrorInfo } from '../lib/client/api-client';
import { $auth, auth } from '../lib/client/session';
import { canAccessWeb } from '../lib/shared/permissions';
import { Button } from './ui/Button';
import { RunOutput } from './RunOutput';

export default function AuthTest() {
  const state = useStore($auth);
  const [output, setOutput] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void auth.init();
  }, []);

  async function run(path: string, summarise: (data: unknown) => string) {
    setBusy(true);
    try {
      setOutput(summarise(await api(path)));
    } catch (error) {
      const info = apiErrorInfo(error);
      const body = info.body !== undefined ? JSON.stringify(info.body) : info.message;
      setOutput(info.status ? `Status ${info.status}: ${body}` : body);
    } finally {
      setBusy(false);
    }
  }

  const user = state.user;
  const rows: Array<[string, string]> = [
    [
      'Status',
      state.status === 'authenticated'
        ? 'Authenticated'
        : state.status === 'loading'
          ? 'Loading...'
          : 'Not authenticated',
    ],
    ['Username', user?.username ?? '-'],
    ['Role', user?.role ?? '-'],
    ['Web access', user ? (canAccessWeb(user) ? 'Yes' : 'No') : '-'],
  ];

  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-border bg-card p-4 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-muted">{label}</dt>
            <dd data-testid={`auth-${label.toLowerCase().replace(' ', '-')}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={busy}
          onClick={() => run('/auth/users/', (d) => `Users list OK: ${Array.isArray(d) ? d.length : 0} users`)}
        >
          Test Users List
        </Button>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => run('/auth/users/stats/', (d) => `User stats OK: ${JSON.stringify(d)}`)}
        >
          Test User Stats
        </Button>
      </div>
      <RunOutput testId="auth-test-output" output={output} />
    </div>
  );
}
