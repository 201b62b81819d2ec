// Settings (docs/PRODUCT.md (Pages and screens)): who receives the emails about what visitors send (contact
// messages, prayer requests, registrations). SUPERADMIN and ADMIN change the list (canEditSettings); other staff
// see it with the reason it is read-only. One address per line; an empty list means the administrators.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { $auth } from '../../../../lib/client/session';
import { apiErrorInfo } from '../../../../lib/client/api-client';
import { ROLE_LABELS, SETTINGS_EDIT_ROLE, canEditSettings } from '../../../../lib/shared/permissions';
import { MAX_RECIPIENTS, type NotificationSettings } from '../../../../lib/shared/settings-api';
import { Button, LoadError, Panel, ScreenHeader, toast } from '../../../ui';
import { LoadingScreen } from '../../layout/LoadingScreen';
import { readNotificationSettings, saveNotificationRecipients } from './api';

const linesOf = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter(Boolean);

export default function SettingsScreen() {
  const role = useStore($auth).user?.role ?? null;
  const mayEdit = !!role && canEditSettings({ role });
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  async function load() {
    try {
      const loaded = await readNotificationSettings();
      setSettings(loaded);
      setText(loaded.recipients.join('\n'));
      setFailed(null);
    } catch (error) {
      const info = apiErrorInfo(error);
      setFailed(`Failed to load the settings. ${info.detail ?? info.message}`);
    }
  }
  useEffect(() => {
    // load sets state only after its await, never synchronously in this effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, []);

  async function save(event: SubmitEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors([]);
    try {
      const stored = await saveNotificationRecipients(linesOf(text));
      setSettings(stored);
      setText(stored.recipients.join('\n'));
      toast('Notification recipients saved');
    } catch (error) {
      const info = apiErrorInfo(error);
      const list = linesOf(text);
      const messages = Object.entries(info.errors).flatMap(([field, msgs]) => {
        const index = /^recipients\.(\d+)$/.exec(field)?.[1];
        return msgs.map((m) => (index === undefined ? m : `${list[Number(index)]}: ${m}`));
      });
      setErrors(messages.length ? messages : [info.detail ?? info.message]);
    } finally {
      setSaving(false);
    }
  }

  const denied = mayEdit ? null : `Only ${ROLE_LABELS[SETTINGS_EDIT_ROLE]} and above can change the settings`;
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Settings" subtitle="How the portal works for your church." />
      {failed ? (
        <LoadError message={failed} onRetry={() => void load()} />
      ) : !settings ? (
        <div>
          <LoadingScreen fullScreen={false} label="Loading settings..." />
        </div>
      ) : (
        <Panel title="Notification recipients">
          <form onSubmit={save} className="flex flex-col gap-3" aria-label="Notification recipients">
            <p className="text-sm text-muted">
              Who receives an email for each new contact message, prayer request and event registration. With no list,
              the active Super Administrators and Administrators who want email notifications receive them. Without a
              mail server configured (SMTP_URL), emails are written to the server log, and everything still shows in the
              portal.
            </p>
            <label htmlFor="recipients" className="text-sm font-medium text-text">
              Email addresses (one per line, at most {MAX_RECIPIENTS})
            </label>
            <textarea
              id="recipients"
              name="recipients"
              rows={5}
              value={text}
              onChange={(e) => setText(e.target.value)}
              readOnly={!mayEdit}
              aria-describedby={denied ? 'settings-denied' : errors.length ? 'recipients-errors' : undefined}
              aria-invalid={errors.length > 0 || undefined}
              className="rounded-lg border border-border bg-input px-3 py-2 text-sm text-text"
            />
            {errors.length > 0 && (
              <ul id="recipients-errors" role="alert" className="text-sm text-error">
                {errors.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
            <p className="text-sm text-text">
              Receiving now:{' '}
              {settings.effective.length
                ? settings.effective.join(', ')
                : 'nobody (no administrator has an email address)'}
            </p>
            {denied && (
              <p id="settings-denied" className="text-sm text-muted">
                {denied}.
              </p>
            )}
            <div>
              <Button
                type="submit"
                loading={saving}
                disabled={!mayEdit}
                aria-describedby={denied ? 'settings-denied' : undefined}
              >
                Save
              </Button>
            </div>
          </form>
        </Panel>
      )}
    </div>
  );
}
