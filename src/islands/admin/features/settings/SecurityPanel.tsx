// Who must sign in with two factors (docs/API.md, the two-factor policy): a SUPERADMIN changes it, an ADMIN sees it
// read-only (the screen shows the panel to ADMIN and above, who may read it). A change applies at each person's
// next sign-in or refresh.
import { useQuery } from '@tanstack/react-query';
import { apiErrorInfo } from '../../../../lib/client/api-client';
import { ROLE_LABELS } from '../../../../lib/shared/permissions';
import { TWO_FACTOR_POLICIES, type TwoFactorPolicy } from '../../../../lib/shared/twofactor/api';
import { LoadError, Panel, Select, toast } from '../../../ui';
import { loadErrorMessage } from '../../query';
import { securitySettingsQuery, useSaveSecurity } from './queries';

export const POLICY_LABELS: Record<TwoFactorPolicy, string> = {
  off: 'Off',
  admins: 'Administrators and above',
  staff: 'Every staff account',
};

const options = TWO_FACTOR_POLICIES.map((value) => ({ value, label: POLICY_LABELS[value] }));

export function SecurityPanel({ mayEdit }: { mayEdit: boolean }) {
  const settings = useQuery(securitySettingsQuery);
  const saving = useSaveSecurity();

  async function change(value: string) {
    try {
      await saving.mutateAsync({ require_two_factor: value as TwoFactorPolicy });
      toast('Two-factor policy saved');
    } catch (error) {
      const info = apiErrorInfo(error);
      toast(`Failed to save. ${info.detail ?? info.message}`, { variant: 'error' });
    }
  }

  return (
    <Panel title="Security">
      {settings.error ? (
        <LoadError
          message={loadErrorMessage('Failed to load the two-factor policy.', settings.error)}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.data ? (
        <>
          <Select
            label="Require two-factor sign-in"
            name="require_two_factor"
            value={settings.data.require_two_factor}
            onChange={(value) => void change(value)}
            options={options}
            disabled={!mayEdit || saving.isPending}
            className="max-w-sm"
          />
          <p className="text-sm text-muted">
            {mayEdit
              ? 'Accounts it covers must set up an authenticator app at their next sign-in.'
              : `Only a ${ROLE_LABELS.SUPERADMIN} can change who must use two-factor sign-in.`}
          </p>
        </>
      ) : (
        <p className="text-sm text-muted">Loading...</p>
      )}
    </Panel>
  );
}
