// Proof of the second factor in force, asked in the same dialog before a factor changes (docs/PRODUCT.md, the
// profile's Security section): while two-factor sign-in is on, setting up an authenticator app, turning it off, new
// recovery codes and adding or removing a passkey each send a current code (an app or recovery code) or a passkey's
// answer. The server's refusals (a wrong code, no proof, the account's second step locked) show at the proof, the
// rest in the dialog's banner.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { apiErrorInfo } from '../../../../lib/client/api-client';
import { PasskeyCancelled } from '../../../../lib/client/session';
import type { TwoFactorStatus } from '../../../../lib/shared/twofactor/api';
import { FACTOR_PROOF_NEEDED } from '../../../../lib/shared/twofactor/passkeys';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { securityKeys, twoFactorQuery } from './queries';
import { passkeyProof, type ProofBody } from './security-api';

export const PROOF_TEXT = {
  code: 'Confirm it is you first: the code your authenticator app shows now, or a recovery code.',
  recovery: 'Confirm it is you first with one of your recovery codes.',
  passkey: 'Confirm it is you first with one of your passkeys: your browser asks for it when you go on.',
  missing: 'Enter a current code.',
  cancelled: 'The passkey prompt was closed and nothing changed. Try again when you are ready.',
} as const;

export type ProofWay = 'code' | 'passkey';

/** What this account can prove with; nothing is needed while it has no second factor. */
export function proofWays(status: TwoFactorStatus | undefined) {
  const code = Boolean(status && (status.totp || status.recoveryCodesLeft > 0));
  const passkey = Boolean(status?.passkeys.length);
  return { needed: code || passkey, code, passkey, app: Boolean(status?.totp) };
}

/** A refusal of the proof itself: wrong (400 with a code error), missing (403) or the account locked (429). */
function proofRefusal(error: unknown): string | null {
  const { status, detail, errors, message } = apiErrorInfo(error);
  if (status === 400 && errors.code?.length) return errors.code[0];
  return status === 403 || status === 429 ? (detail ?? message) : null;
}

/**
 * A dialog's action that needs the proof: `submit()` sends it with the typed code (or, for an account whose only
 * factor is a passkey, the passkey's answer), `submit('passkey')` with a passkey; `fields` is the proof's part of
 * the form, `banner` any other failure; `onDone` gets the answer.
 */
export function useProvedAction<T>({
  action,
  onDone,
  cancelledText = PROOF_TEXT.cancelled,
}: {
  action: (proof: ProofBody) => Promise<T>;
  onDone?: (answer: T) => void;
  cancelledText?: string;
}) {
  const client = useQueryClient();
  const ways = proofWays(useQuery(twoFactorQuery).data);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const run = useMutation({
    mutationFn: async (way: ProofWay | null) =>
      action(way === 'passkey' ? await passkeyProof() : way === 'code' ? { code: code.trim() } : {}),
    onSuccess: onDone,
    onError: (error) => {
      // Two-factor came on elsewhere since the status was read: read it again so the proof is asked.
      if (apiErrorInfo(error).detail === FACTOR_PROOF_NEEDED)
        void client.invalidateQueries({ queryKey: securityKeys.twoFactor });
    },
  });
  const usual: ProofWay | null = ways.code ? 'code' : ways.passkey ? 'passkey' : null;

  function submit(way: ProofWay | null = usual) {
    if (run.isPending) return;
    setMissing(way === 'code' && !code.trim());
    if (way !== 'code' || code.trim()) run.mutate(way);
  }

  const error = run.error;
  const cancelled = error instanceof PasskeyCancelled;
  // Shown at the proof once there is one to show it at (a 403 before the status knew makes it appear).
  const refusal = error && !cancelled && ways.needed ? proofRefusal(error) : null;
  const byCode = run.variables === 'code';
  const fields: ReactNode = (
    <>
      {ways.needed && (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-text">
            {ways.code ? (ways.app ? PROOF_TEXT.code : PROOF_TEXT.recovery) : PROOF_TEXT.passkey}
          </p>
          {ways.code && (
            <Field
              name="current-code"
              label="Current code"
              value={code}
              onChange={setCode}
              autoComplete="one-time-code"
              externalError={missing ? PROOF_TEXT.missing : byCode ? refusal : null}
            />
          )}
          {ways.code && ways.passkey && (
            <Button variant="outline" size="sm" className="self-start" onClick={() => submit('passkey')}>
              Or use a passkey
            </Button>
          )}
          {refusal && !byCode && (
            <p role="alert" className="text-sm text-error">
              {refusal}
            </p>
          )}
        </div>
      )}
      {cancelled && (
        <p role="status" className="text-sm text-muted">
          {cancelledText}
        </p>
      )}
    </>
  );
  const banner = error && !cancelled && !refusal ? (apiErrorInfo(error).detail ?? apiErrorInfo(error).message) : null;
  return { needed: ways.needed, submit, saving: run.isPending, data: run.data, fields, banner };
}

/**
 * The form dialog of a proved action (`run`, from useProvedAction): the dialog's own content, then the proof's
 * fields; `submit` (the action's, unless the dialog checks something first) on save; the failure as its banner.
 */
export function ProvedFormDialog({
  run,
  submit = () => run.submit(),
  children,
  ...dialog
}: {
  run: Pick<ReturnType<typeof useProvedAction>, 'saving' | 'banner' | 'fields' | 'submit'>;
  submit?: () => void;
  id: string;
  title: string;
  submitLabel: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <FormDialog
      {...dialog}
      saving={run.saving}
      banner={run.banner}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="flex flex-col gap-4"
    >
      {children}
      {run.fields}
    </FormDialog>
  );
}
