// The prayer follow-up period, the church's contact details that sign the emails the church sends (to
// registrants, to people resetting a password) and the words of a first-timer's welcome. Real <form> fields with native constraints; the API's messages
// land on their fields.
import { useState, type SubmitEvent } from 'react';
import {
  FOLLOW_UP_LIMITS,
  generalSettingsChangeSchema,
  type GeneralSettings,
} from '../../../../lib/shared/settings/api';
import { fieldRules } from '../../../../lib/shared/forms';
import { Field, Panel, toast, type FieldProps } from '../../../ui';
import { useFormFields } from '../../../ui/useFormFields';
import { useSaveGeneral } from './queries';
import { SaveButton, saveRefusal } from './SaveButton';

type Values = {
  followUpDays: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  welcomeSms: string;
  welcomeEmail: string;
};
const valuesOf = (s: GeneralSettings): Values => ({
  followUpDays: String(s.followUpDays),
  ...s.church,
  welcomeSms: s.welcome.sms,
  welcomeEmail: s.welcome.email,
});

export function GeneralPanel({ settings, denied }: { settings: GeneralSettings; denied: string | null }) {
  const { values, setValues, setErrors, bind } = useFormFields<Values>(() => valuesOf(settings));
  const [banner, setBanner] = useState<string | null>(null);
  const saving = useSaveGeneral();

  const field = (name: keyof Values, label: string, extra: Partial<FieldProps>) => (
    <Field {...bind(name)} label={label} disabled={!!denied} {...extra} />
  );

  async function save(event: SubmitEvent) {
    event.preventDefault();
    setBanner(null);
    try {
      const stored = await saving.mutateAsync({
        followUpDays: Number(values.followUpDays),
        church: { name: values.name, email: values.email, phone: values.phone, address: values.address },
        welcome: { sms: values.welcomeSms, email: values.welcomeEmail },
      });
      setValues(valuesOf(stored));
      setErrors({});
      toast('Settings saved');
    } catch (error) {
      const refused = saveRefusal(error, (name) =>
        name === 'welcome.sms'
          ? 'welcomeSms'
          : name === 'welcome.email'
            ? 'welcomeEmail'
            : name.replace(/^church\./, ''),
      );
      setErrors(refused.errors);
      setBanner(refused.banner);
    }
  }

  return (
    <Panel title="Prayer follow-up and church details">
      <form onSubmit={save} noValidate className="flex flex-col gap-4" aria-label="Prayer follow-up and church details">
        {banner && (
          <p role="alert" className="text-sm text-error">
            {banner}
          </p>
        )}
        {field('followUpDays', 'Flag prayer requests for follow-up after (days)', {
          type: 'number',
          helperText: `Requests not answered or closed, and untouched this many days (${FOLLOW_UP_LIMITS.min} to ${FOLLOW_UP_LIMITS.max}).`,
          rules: fieldRules(generalSettingsChangeSchema, 'followUpDays'),
        })}
        <p className="text-sm text-muted">
          These details sign the emails the church sends: registration confirmations and password resets. They start as
          the website&apos;s own details.
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          {field('name', 'Church name', { rules: fieldRules(generalSettingsChangeSchema, 'church.name') })}
          {field('email', 'Email', { type: 'email', rules: fieldRules(generalSettingsChangeSchema, 'church.email') })}
          {field('phone', 'Phone', { type: 'tel', rules: fieldRules(generalSettingsChangeSchema, 'church.phone') })}
          {field('address', 'Address', { rules: fieldRules(generalSettingsChangeSchema, 'church.address') })}
        </div>
        <p className="text-sm text-muted">
          The welcome a first-timer receives after filling in the visitor card at /welcome: by SMS to a phone, else by
          email. {'{name}'} becomes their name and {'{church}'} the church name.
        </p>
        {field('welcomeSms', 'Welcome SMS', {
          type: 'textarea',
          rows: 3,
          rules: fieldRules(generalSettingsChangeSchema, 'welcome.sms'),
        })}
        {field('welcomeEmail', 'Welcome email', {
          type: 'textarea',
          rows: 6,
          rules: fieldRules(generalSettingsChangeSchema, 'welcome.email'),
        })}
        <SaveButton saving={saving.isPending} denied={denied}>
          Save settings
        </SaveButton>
      </form>
    </Panel>
  );
}
