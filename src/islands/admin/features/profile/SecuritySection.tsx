// The profile's Security section (docs/PRODUCT.md (Pages and screens)): two-factor sign-in (set up the
// authenticator app from a QR code made here, confirm with a code, the ten recovery codes shown once; turn it off or
// get new recovery codes), the own passkeys (PasskeysSection.tsx) and the own sessions (end one, end every other).
// While a second factor is in force, each change of one proves it first (FactorProof.tsx).
import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { apiErrorInfo } from '../../../../lib/client/api-client';
import { downloadText } from '../../../../lib/client/download';
import { $auth, auth } from '../../../../lib/client/session';
import { formatDateTime } from '../../../../lib/shared/format';
import type { Session } from '../../../../lib/shared/twofactor/api';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { SectionCard } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Field } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { useAdminContent } from '../../content';
import { loadErrorMessage } from '../../query';
import { ProvedFormDialog, useProvedAction } from './FactorProof';
import { recoveryCodesFile, svgImageSource } from './model';
import { PasskeysSection } from './PasskeysSection';
import { securityKeys, sessionsQuery, twoFactorQuery } from './queries';
import {
  confirmTotp,
  endOtherSessions,
  endSession,
  newRecoveryCodes,
  setUpTotp,
  turnOffTotp,
  type ProofBody,
} from './security-api';

export const SECURITY_TEXT = {
  required:
    'Your church requires two-factor sign-in for your account. Set up an authenticator app or add a passkey to continue.',
  scan: 'Scan this QR code with your authenticator app, or type the key below into it. Then enter the 6-digit code it shows.',
  savedCodes:
    'Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They will not be shown again.',
} as const;

const failure = (error: unknown) => apiErrorInfo(error).detail ?? apiErrorInfo(error).message;

function CodeField({ code, setCode }: { code: string; setCode: (code: string) => void }) {
  return (
    <Field
      name="code"
      label="Authentication code"
      value={code}
      onChange={setCode}
      autoComplete="one-time-code"
      inputMode="numeric"
      placeholder="123456"
    />
  );
}

/** The ten codes, shown once: Download as a text file, then "I have saved them". */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { site } = useAdminContent();
  const username = useStore($auth).user?.username ?? '';
  return (
    <Modal
      open
      onClose={onDone}
      title="Your recovery codes"
      description={SECURITY_TEXT.savedCodes}
      closeOnEscape={false}
      closeOnOverlayClick={false}
      footer={
        <>
          <Button
            variant="outline"
            onClick={() => downloadText('recovery-codes.txt', recoveryCodesFile(codes, username, site.name))}
          >
            Download
          </Button>
          <Button onClick={onDone}>I have saved them</Button>
        </>
      }
    >
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm text-text">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-surface px-3 py-2 text-center">
            {code}
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/**
 * Set-up: the secret is asked when the dialog opens (while a second factor is in force, once it is proved); the QR
 * code library loads only then.
 */
function SetupDialog({ onClose, onConfirmed }: { onClose: () => void; onConfirmed: (codes: string[]) => void }) {
  const setup = useProvedAction({ action: setUpTotp });
  const confirm = useMutation({ mutationFn: (code: string) => confirmTotp(code) });
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const asked = useRef(false);
  const { needed, submit: ask } = setup;
  useEffect(() => {
    if (needed || asked.current) return;
    asked.current = true;
    ask(null);
  }, [needed, ask]);
  const url = setup.data?.otpauth_url;
  useEffect(() => {
    if (!url) return;
    let live = true;
    void import('qrcode')
      .then((QRCode) => QRCode.toString(url, { type: 'svg', margin: 2 }))
      .then((svg) => live && setQr(svgImageSource(svg)));
    return () => {
      live = false;
    };
  }, [url]);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!setup.data) {
      if (needed) ask();
      return;
    }
    if (!code.trim() || confirm.isPending) return;
    try {
      onConfirmed((await confirm.mutateAsync(code)).recovery_codes);
    } catch {
      // The banner shows the server's reason ("Invalid code.").
    }
  }

  const proving = needed && !setup.data;
  return (
    <FormDialog
      id="totp-setup"
      title="Set up authenticator app"
      submitLabel={proving ? 'Continue' : 'Confirm'}
      saving={setup.saving || confirm.isPending}
      banner={setup.banner ?? (confirm.error ? failure(confirm.error) : null)}
      onClose={onClose}
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
    >
      {proving ? (
        setup.fields
      ) : (
        <>
          <p className="text-sm text-text">{SECURITY_TEXT.scan}</p>
          <div className="flex justify-center">
            {qr ? (
              <img src={qr} alt="QR code for your authenticator app" className="size-48 rounded-md bg-white" />
            ) : (
              <div className="size-48 animate-pulse rounded-md bg-surface" aria-hidden="true" />
            )}
          </div>
          {setup.data && (
            <p className="text-center text-sm text-muted">
              Key:{' '}
              <code data-testid="totp-secret" className="font-mono break-all text-text">
                {setup.data.secret}
              </code>
            </p>
          )}
          <CodeField code={code} setCode={setCode} />
        </>
      )}
    </FormDialog>
  );
}

/** Turning the app off or new recovery codes: both prove the second factor first, in the same dialog. */
function ProvedDialog<T>({
  title,
  submitLabel,
  action,
  onClose,
  onDone,
}: {
  title: string;
  submitLabel: string;
  action: (proof: ProofBody) => Promise<T>;
  onClose: () => void;
  onDone: (answer: T) => void;
}) {
  const run = useProvedAction({ action, onDone });
  return <ProvedFormDialog run={run} id="factor-proof" title={title} submitLabel={submitLabel} onClose={onClose} />;
}

function TwoFactorCard() {
  const client = useQueryClient();
  const status = useQuery(twoFactorQuery);
  const [dialog, setDialog] = useState<'setup' | 'off' | 'codes' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const changed = () => {
    void client.invalidateQueries({ queryKey: securityKeys.twoFactor });
    // The profile says whether the account still has to enrol (the portal gate reads it).
    void auth.init();
  };

  const data = status.data;
  return (
    <SectionCard id="two-factor-title" title="Two-factor sign-in">
      {status.error ? (
        <ErrorBanner>{loadErrorMessage('Failed to load your two-factor sign-in.', status.error)}</ErrorBanner>
      ) : !data ? (
        <p className="text-sm text-muted">Loading...</p>
      ) : (
        <div className="flex flex-col gap-3">
          {data.required && !data.totp && !data.passkeys.length && (
            <p role="status" className="rounded-lg border border-warning bg-warning/10 p-3 text-sm text-text">
              {SECURITY_TEXT.required}
            </p>
          )}
          <p className="flex flex-wrap items-center gap-2 text-sm text-text">
            Authenticator app: <Badge variant={data.totp ? 'success' : 'neutral'}>{data.totp ? 'On' : 'Off'}</Badge>
            {data.totp && <span className="text-muted">{data.recoveryCodesLeft} recovery codes left</span>}
          </p>
          <div className="flex flex-wrap gap-2">
            {data.totp ? (
              <>
                <Button variant="outline" onClick={() => setDialog('codes')}>
                  New recovery codes
                </Button>
                <Button variant="outline" onClick={() => setDialog('off')}>
                  Turn off
                </Button>
              </>
            ) : (
              <Button onClick={() => setDialog('setup')}>Set up authenticator app</Button>
            )}
          </div>
        </div>
      )}
      {dialog === 'setup' && (
        <SetupDialog
          onClose={() => setDialog(null)}
          onConfirmed={(fresh) => {
            setDialog(null);
            setCodes(fresh);
            changed();
          }}
        />
      )}
      {dialog === 'off' && (
        <ProvedDialog
          title="Turn off the authenticator app"
          submitLabel="Turn off"
          action={turnOffTotp}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            toast('Two-factor sign-in is off');
            changed();
          }}
        />
      )}
      {dialog === 'codes' && (
        <ProvedDialog
          title="New recovery codes"
          submitLabel="Get new codes"
          action={newRecoveryCodes}
          onClose={() => setDialog(null)}
          onDone={({ recovery_codes }) => {
            setDialog(null);
            setCodes(recovery_codes);
            changed();
          }}
        />
      )}
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
    </SectionCard>
  );
}

function SessionRow({ session, onEnd, ending }: { session: Session; onEnd: () => void; ending: boolean }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" aria-label={session.device}>
      <div className="text-sm">
        <p className="flex items-center gap-2 font-medium text-text">
          {session.device}
          {session.current && <Badge variant="info">This device</Badge>}
        </p>
        <p className="text-muted">
          {session.address ?? 'Address unknown'} · Signed in {formatDateTime(session.createdAt)} · Last used{' '}
          {formatDateTime(session.lastUsedAt)}
        </p>
      </div>
      {!session.current && (
        <Button size="sm" variant="outline" loading={ending} onClick={onEnd}>
          Sign out
        </Button>
      )}
    </li>
  );
}

function SessionsCard() {
  const client = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const refresh = () => void client.invalidateQueries({ queryKey: securityKeys.sessions });
  const fail = (error: unknown) => toast(failure(error), { variant: 'error' });
  const endOne = useMutation({
    mutationFn: (id: string) => endSession(id),
    onSuccess: () => toast('Signed out of that session'),
    onError: fail,
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () => endOtherSessions(),
    onSuccess: () => toast('Signed out everywhere else'),
    onError: fail,
    onSettled: refresh,
  });
  const list = sessions.data ?? [];
  return (
    <SectionCard
      id="sessions-title"
      title="Sessions"
      action={
        list.some((s) => !s.current) && (
          <Button size="sm" variant="outline" loading={endOthers.isPending} onClick={() => endOthers.mutate()}>
            Sign out everywhere else
          </Button>
        )
      }
    >
      {sessions.error ? (
        <ErrorBanner>{loadErrorMessage('Failed to load your sessions.', sessions.error)}</ErrorBanner>
      ) : (
        <ul className="divide-y divide-border">
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              ending={endOne.isPending && endOne.variables === session.id}
              onEnd={() => endOne.mutate(session.id)}
            />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

export function SecuritySection() {
  return (
    <section aria-labelledby="security-title" className="flex flex-col gap-4">
      <h2 id="security-title" className="text-lg font-semibold text-text">
        Security
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <TwoFactorCard />
        <PasskeysSection />
        <SessionsCard />
      </div>
    </section>
  );
}
