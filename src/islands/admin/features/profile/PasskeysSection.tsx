// The profile's passkeys (docs/PRODUCT.md (Pages and screens)): the own passkeys with when each was added and last
// used; "Add a passkey" asks a name, then the browser's prompt (its WebAuthn code loaded only then); Remove asks
// first. A passkey signs in alone or as the second step, so adding one turns two-factor sign-in on. A prompt the
// person closes is not a failure: the dialog stays, without a red banner.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { apiErrorInfo } from '../../../../lib/client/api-client';
import { auth, PasskeyCancelled, passkeysSupported } from '../../../../lib/client/session';
import { formatDateTime } from '../../../../lib/shared/format';
import type { Passkey } from '../../../../lib/shared/twofactor/api';
import { PASSKEY_NAME_MAX } from '../../../../lib/shared/twofactor/passkeys';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Field } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { toast } from '../../../ui/toast';
import { loadErrorMessage } from '../../query';
import { securityKeys, twoFactorQuery } from './queries';
import { addPasskey, removePasskey } from './security-api';

export const PASSKEY_TEXT = {
  about: 'A passkey signs you in with your fingerprint, face or screen lock, with or without your password.',
  none: 'No passkeys yet.',
  name: 'Give it a name you will recognise, such as the device it is on.',
  cancelled: 'The passkey was not added. Choose Add to try again.',
  unsupported: 'This browser cannot use passkeys.',
} as const;

const failure = (error: unknown) => apiErrorInfo(error).detail ?? apiErrorInfo(error).message;

function AddPasskeyDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (passkey: Passkey) => void }) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [cancelled, setCancelled] = useState(false);
  const add = useMutation({ mutationFn: (chosen: string) => addPasskey(chosen) });

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (add.isPending) return;
    setCancelled(false);
    if (!name.trim()) return setNameError('Give the passkey a name.');
    setNameError(undefined);
    try {
      onAdded(await add.mutateAsync(name));
    } catch (error) {
      if (error instanceof PasskeyCancelled) setCancelled(true);
    }
  }

  const refused = add.error && !(add.error instanceof PasskeyCancelled) ? failure(add.error) : null;
  return (
    <FormDialog
      id="passkey-add"
      title="Add a passkey"
      submitLabel="Add"
      saving={add.isPending}
      banner={refused}
      onClose={onClose}
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-text">{PASSKEY_TEXT.name}</p>
      <Field
        name="passkey-name"
        label="Name"
        value={name}
        onChange={setName}
        externalError={nameError}
        rules={{ required: true, maxLength: PASSKEY_NAME_MAX }}
        autoComplete="off"
        placeholder="e.g. My phone"
      />
      {cancelled && (
        <p role="status" className="text-sm text-muted">
          {PASSKEY_TEXT.cancelled}
        </p>
      )}
    </FormDialog>
  );
}

function PasskeyRow({ passkey, onRemove, removing }: { passkey: Passkey; onRemove: () => void; removing: boolean }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" aria-label={passkey.name}>
      <div className="text-sm">
        <p className="font-medium break-all text-text">{passkey.name}</p>
        <p className="text-muted">
          Added {formatDateTime(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      <Button size="sm" variant="outline" loading={removing} onClick={onRemove} aria-label={`Remove ${passkey.name}`}>
        Remove
      </Button>
    </li>
  );
}

export function PasskeysSection() {
  const client = useQueryClient();
  const status = useQuery(twoFactorQuery);
  const [adding, setAdding] = useState(false);
  const changed = () => {
    void client.invalidateQueries({ queryKey: securityKeys.twoFactor });
    // The profile says whether the account still has to enrol (the portal gate reads it).
    void auth.init();
  };
  const remove = useMutation({
    mutationFn: (passkey: Passkey) => removePasskey(passkey.id),
    onSuccess: () => toast('Passkey removed'),
    onError: (error) => toast(failure(error), { variant: 'error' }),
    onSettled: changed,
  });
  const confirmRemove = (passkey: Passkey) => {
    if (remove.isPending) return;
    if (window.confirm(`Remove the passkey "${passkey.name}"? It will no longer sign you in.`)) remove.mutate(passkey);
  };

  const list = status.data?.passkeys;
  const supported = passkeysSupported();
  return (
    <Card as="section" aria-labelledby="passkeys-title">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="passkeys-title" className="text-base font-semibold text-text">
          Passkeys
        </h3>
        {supported && (
          <Button size="sm" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        )}
      </div>
      <p className="text-sm text-muted">{supported ? PASSKEY_TEXT.about : PASSKEY_TEXT.unsupported}</p>
      {status.error ? (
        <ErrorBanner>{loadErrorMessage('Failed to load your passkeys.', status.error)}</ErrorBanner>
      ) : !list ? (
        <p className="text-sm text-muted">Loading...</p>
      ) : list.length ? (
        <ul aria-label="Your passkeys" className="divide-y divide-border">
          {list.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              removing={remove.isPending && remove.variables.id === passkey.id}
              onRemove={() => confirmRemove(passkey)}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-text">{PASSKEY_TEXT.none}</p>
      )}
      {adding && (
        <AddPasskeyDialog
          onClose={() => setAdding(false)}
          onAdded={(passkey) => {
            setAdding(false);
            toast(`Passkey "${passkey.name}" added`);
            changed();
          }}
        />
      )}
    </Card>
  );
}
