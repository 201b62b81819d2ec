// Renders the gate's decision (gate.ts): spinner, redirect to /login, 'Access Denied', 'Insufficient
// Permissions', a start-up failure with Retry, the way to the Security section for an account that must set up
// two-factor sign-in first, or the protected content.
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { $auth, auth } from '../../../lib/client/session';
import type { Role } from '../../../lib/shared/permissions';
import { Button } from '../../ui/Button';
import { ACCESS_DENIED, ENROLMENT_PATH, gateDecision, insufficientPermissions } from '../gate';
import { LoadingScreen } from './LoadingScreen';

function Message({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center p-6">
      <div role="alert" className="max-w-md rounded-2xl border border-border bg-card p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-error">{title}</h1>
        <p className="mt-2 text-muted">{text}</p>
        <div className="mt-6 flex justify-center gap-2">{children}</div>
      </div>
    </div>
  );
}

export function SessionGate({ requiredRole, children }: { requiredRole?: Role; children: ReactNode }) {
  const state = useStore($auth);
  const [path, navigate] = useLocation();
  const decision = gateDecision(state, requiredRole, path);

  useEffect(() => {
    if (decision === 'login') window.location.replace('/login');
    if (decision === 'enrol') navigate(ENROLMENT_PATH, { replace: true });
  }, [decision, navigate]);

  switch (decision) {
    case 'loading':
    case 'login':
    case 'enrol':
      return <LoadingScreen />;
    case 'error':
      return (
        <Message title="Unable to reach the server" text={state.status === 'error' ? state.message : ''}>
          <Button onClick={() => void auth.init()}>Retry</Button>
        </Message>
      );
    case 'access-denied':
      return (
        <Message {...ACCESS_DENIED}>
          <Button variant="outline" onClick={() => void auth.logout().then(() => window.location.assign('/login'))}>
            Sign in as someone else
          </Button>
        </Message>
      );
    case 'insufficient':
      return <Message {...insufficientPermissions(requiredRole!)} />;
    default:
      return <>{children}</>;
  }
}
