// Giving details (ADMIN and above, who alone see giving: canSeeGiving): the church's mobile money number, network
// and account name, and its bank details. The giving page shows them, alone when online giving is not set up
// (no PAYSTACK_SECRET_KEY) and beside it when it is. Real <form> fields with native constraints; the API's
// messages land on their fields.
import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { givingSettingsChangeSchema, type GivingSettings } from '../../../../lib/shared/giving/api';
import { fieldRules } from '../../../../lib/shared/forms';
import { Field, LoadError, Panel, toast, type FieldProps } from '../../../ui';
import { useFormFields } from '../../../ui/useFormFields';
import { loadErrorMessage } from '../../query';
import { givingSettingsQuery, useSaveGiving } from './queries';
import { SaveButton, saveRefusal } from './SaveButton';

type Path =
  | 'mobileMoney.number'
  | 'mobileMoney.network'
  | 'mobileMoney.name'
  | 'bank.name'
  | 'bank.accountName'
  | 'bank.accountNumber'
  | 'bank.branch';
type Values = Record<Path, string>;

const valuesOf = ({ mobileMoney, bank }: GivingSettings): Values => ({
  'mobileMoney.number': mobileMoney.number,
  'mobileMoney.network': mobileMoney.network,
  'mobileMoney.name': mobileMoney.name,
  'bank.name': bank.name,
  'bank.accountName': bank.accountName,
  'bank.accountNumber': bank.accountNumber,
  'bank.branch': bank.branch,
});
const settingsOf = (v: Values): GivingSettings => ({
  mobileMoney: { number: v['mobileMoney.number'], network: v['mobileMoney.network'], name: v['mobileMoney.name'] },
  bank: {
    name: v['bank.name'],
    accountName: v['bank.accountName'],
    accountNumber: v['bank.accountNumber'],
    branch: v['bank.branch'],
  },
});

/** A field's limits, the API's (givingSettingsChangeSchema). */
const rules = (name: Path) => fieldRules(givingSettingsChangeSchema, name);

export function GivingPanel() {
  const settings = useQuery(givingSettingsQuery);
  return (
    <Panel title="Giving">
      {settings.error ? (
        <LoadError
          message={loadErrorMessage('Failed to load the giving details.', settings.error)}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.data ? (
        <GivingForm settings={settings.data} />
      ) : (
        <p className="text-sm text-muted">Loading...</p>
      )}
    </Panel>
  );
}

function GivingForm({ settings }: { settings: GivingSettings }) {
  const { values, setValues, setErrors, bind } = useFormFields<Values>(() => valuesOf(settings));
  const [banner, setBanner] = useState<string | null>(null);
  const saving = useSaveGiving();

  const field = (name: Path, label: string, extra: Partial<FieldProps> = {}) => (
    <Field {...bind(name)} label={label} {...extra} />
  );

  async function save(event: SubmitEvent) {
    event.preventDefault();
    setBanner(null);
    try {
      const stored = await saving.mutateAsync(settingsOf(values));
      setValues(valuesOf(stored));
      setErrors({});
      toast('Giving details saved');
    } catch (error) {
      const refused = saveRefusal(error);
      setErrors(refused.errors);
      setBanner(refused.banner);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-4" aria-label="Giving details">
      <p className="text-sm text-muted">
        The giving page shows these to givers: alone when online giving is not set up (no Paystack key), and beside it
        when it is. Leave a part empty to leave it off the page.
      </p>
      {banner && (
        <p role="alert" className="text-sm text-error">
          {banner}
        </p>
      )}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold text-text">Mobile money</legend>
        <div className="grid gap-4 md:grid-cols-3">
          {field('mobileMoney.number', 'Number', { type: 'tel', rules: rules('mobileMoney.number') })}
          {field('mobileMoney.network', 'Network', { placeholder: 'MTN MoMo', rules: rules('mobileMoney.network') })}
          {field('mobileMoney.name', 'Account name', { rules: rules('mobileMoney.name') })}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold text-text">Bank transfer</legend>
        <div className="grid gap-4 md:grid-cols-2">
          {field('bank.name', 'Bank', { rules: rules('bank.name') })}
          {field('bank.branch', 'Branch', { rules: rules('bank.branch') })}
          {field('bank.accountName', 'Account name', { rules: rules('bank.accountName') })}
          {field('bank.accountNumber', 'Account number', {
            inputMode: 'numeric',
            rules: rules('bank.accountNumber'),
          })}
        </div>
      </fieldset>
      <SaveButton saving={saving.isPending} denied={null}>
        Save giving details
      </SaveButton>
    </form>
  );
}
