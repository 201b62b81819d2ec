// The profile's passkeys (docs/PRODUCT.md (Pages and screens)): the own passkeys with when each was added and last
// used; "Add a passkey" asks a name, then the browser's prompt (its WebAuthn code loaded only then); Remove asks
// first. A passkey signs in alone or as the second step, so adding one turns two-factor sign-in on. While a second
// factor is in force, adding and removing prove it first (FactorProof.tsx). A prompt the person closes is not a
// failure: the dialog stays, without a red banner.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { auth, passkeysSupported } from '../../../../lib/client/session';
import { formatDateTime } from '../../../../lib/shared/format';
import type { Passkey } from '../../../../lib/shared/twofactor/api';
import { PASSKEY_NAME_MAX } from '../../../../lib/shared/twofactor/passkeys';
import { Button } from '../../../ui/Button';
import { SectionCard } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Field } from '../../../ui/Field';
import { toast } from '../../../ui/toast';
import { loadErrorMessage } from '../../query';
import { ProvedFormDialog, useProvedAction, type ProofWay } from './FactorProof';
import { securityKeys, twoFactorQuery } from './queries';
import { addPasskey, removePasskey } from './security-api';

export const PASSKEY_TEXT = {
  about: 'A passkey signs you in with your fingerprint, face or screen lock, with or without your password.',
  none: 'No passkeys yet.',
  name: 'Give it a name you will recognise, such as the device it is on.',
  cancelled: 'The passkey was not added. Choose Add to try again.',
  unsupported: 'This browser cannot use passkeys.',
} as const;

function AddPasskeyDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (passkey: Passkey) => void }) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const add = useProvedAction({
    action: (proof) => addPasskey(name, proof),
    onDone: onAdded,
    cancelledText: PASSKEY_TEXT.cancelled,
  });

  /** The name first: a passkey's prompt is not asked for a form that cannot be sent. */
  function submit(way?: ProofWay) {
    if (!name.trim()) return setNameError('Give the passkey a name.');
    setNameError(undefined);
    add.submit(way);
  }

  return (
    <ProvedFormDialog
      run={add}
      submit={submit}
      id="passkey-add"
      title="Add a passkey"
      submitLabel="Add"
      onClose={onClose}
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
    </ProvedFormDialog>
  );
}

/** Remove asks first, in a dialog that proves the second factor (a passkey is one). */
function RemovePasskeyDialog({
  passkey,
  onClose,
  onRemoved,
}: {
  passkey: Passkey;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const remove = useProvedAction({ action: (proof) => removePasskey(passkey.id, proof), onDone: onRemoved });
  return (
    <ProvedFormDialog run={remove} id="passkey-remove" title="Remove a passkey" submitLabel="Remove" onClose={onClose}>
      <p className="text-sm break-all text-text">{`Remove the passkey "${passkey.name}"? It will no longer sign you in.`}</p>
    </ProvedFormDialog>
  );
}

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" aria-label={passkey.name}>
      <div className="text-sm">
        <p className="font-medium break-all text-text">{passkey.name}</p>
        <p className="text-muted">
          Added {formatDateTime(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      <Button size="sm" variant="outline" onClick={onRemove} aria-label={`Remove ${passkey.name}`}>
        Remove
      </Button>
    </li>
  );
}

export function PasskeysSection() {
  const client = useQueryClient();
  const status = useQuery(twoFactorQuery);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const changed = () => {
    void client.invalidateQueries({ queryKey: securityKeys.twoFactor });
    // The profile says whether the account still has to enrol (the portal gate reads it).
    void auth.init();
  };

  const list = status.data?.passkeys;
  const supported = passkeysSupported();
  return (
    <SectionCard
      id="passkeys-title"
      title="Passkeys"
      action={
        supported && (
          <Button size="sm" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        )
      }
    >
      <p className="text-sm text-muted">{supported ? PASSKEY_TEXT.about : PASSKEY_TEXT.unsupported}</p>
      {status.error ? (
        <ErrorBanner>{loadErrorMessage('Failed to load your passkeys.', status.error)}</ErrorBanner>
      ) : !list ? (
        <p className="text-sm text-muted">Loading...</p>
      ) : list.length ? (
        <ul aria-label="Your passkeys" className="divide-y divide-border">
          {list.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onRemove={() => setRemoving(passkey)} />
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
      {removing && (
        <RemovePasskeyDialog
          passkey={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setRemoving(null);
            toast('Passkey removed');
            changed();
          }}
        />
      )}
    </SectionCard>
  );
}
