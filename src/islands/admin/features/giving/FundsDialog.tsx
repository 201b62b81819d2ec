// Funds (ADMIN and above, as the whole screen): every fund with its description and whether it takes gifts; add
// one, rename or describe one (Edit fills the form), make one inactive (it leaves /give; its gifts stay) or active
// again. A fund is never deleted here: its gifts keep their fund.
import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { firstFieldErrors } from '../../../../lib/client/api-client';
import { fundBodySchema, type FundAnswer } from '../../../../lib/shared/giving/api';
import { fieldRules } from '../../../../lib/shared/forms';
import { Badge, Button, CELL, DataTable, ErrorBanner, Field, LoadError, Modal, toast } from '../../../ui';
import { useFormFields } from '../../../ui/useFormFields';
import { contentErrorMessage, toastOnFailure } from '../../content-form';
import { loadErrorMessage } from '../../query';
import { createFund, updateFund } from './api';
import { fundsQuery, useGivingWrite } from './queries';

const EMPTY = { name: '', description: '' };

export function FundsDialog({ onClose }: { onClose: () => void }) {
  const funds = useQuery(fundsQuery);
  const [editing, setEditing] = useState<FundAnswer | null>(null);
  const { values, setValues, setErrors, bind } = useFormFields(EMPTY);
  const [banner, setBanner] = useState<string | null>(null);
  const saving = useGivingWrite((fund: FundAnswer | null) =>
    fund
      ? updateFund(fund.id, { name: values.name, description: values.description })
      : createFund({ name: values.name, description: values.description }),
  );
  const switching = useGivingWrite((fund: FundAnswer) => updateFund(fund.id, { active: !fund.active }));

  const edit = (fund: FundAnswer | null) => {
    setEditing(fund);
    setValues(fund ? { name: fund.name, description: fund.description } : EMPTY);
    setErrors({});
    setBanner(null);
  };

  async function save(event: SubmitEvent) {
    event.preventDefault();
    setBanner(null);
    if (!values.name.trim()) return setErrors({ name: 'Name is required' });
    try {
      const fund = await saving.mutateAsync(editing);
      toast(editing ? `Saved the fund ${fund.name}` : `Added the fund ${fund.name}`);
      edit(null);
    } catch (error) {
      setErrors(firstFieldErrors(error));
      setBanner(contentErrorMessage(editing ? 'save the fund' : 'add the fund', error));
    }
  }

  const toggle = (fund: FundAnswer) =>
    toastOnFailure(fund.active ? 'make the fund inactive' : 'make the fund active', async () => {
      await switching.mutateAsync(fund);
      toast(fund.active ? `${fund.name} no longer takes gifts` : `${fund.name} takes gifts again`);
    });

  return (
    <Modal
      open
      onClose={onClose}
      title="Funds"
      size="xl"
      description="The funds gifts go to. Inactive funds are not offered on the giving page."
    >
      <div className="flex flex-col gap-6">
        {funds.isError ? (
          <LoadError
            message={loadErrorMessage('Failed to load the funds.', funds.error)}
            onRetry={() => void funds.refetch()}
          />
        ) : !funds.data ? (
          <p className="text-sm text-muted">Loading funds...</p>
        ) : (
          <DataTable label="Funds table" caption="Funds" columns={['Fund', 'Status', 'Actions']}>
            {funds.data.map((fund) => (
              <tr key={fund.id} data-testid="fund-row">
                <td className={CELL}>
                  <span className="font-medium">{fund.name}</span>
                  {fund.description && <span className="block text-xs text-muted">{fund.description}</span>}
                </td>
                <td className={CELL}>
                  <Badge variant={fund.active ? 'success' : 'neutral'}>{fund.active ? 'Active' : 'Inactive'}</Badge>
                </td>
                <td className={CELL}>
                  <span className="flex flex-wrap gap-2">
                    <Button size="xs" variant="outline" aria-label={`Edit ${fund.name}`} onClick={() => edit(fund)}>
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={switching.isPending}
                      aria-label={`${fund.active ? 'Make inactive' : 'Make active'}: ${fund.name}`}
                      onClick={() => void toggle(fund)}
                    >
                      {fund.active ? 'Make inactive' : 'Make active'}
                    </Button>
                  </span>
                </td>
              </tr>
            ))}
          </DataTable>
        )}

        <form
          onSubmit={(e) => void save(e)}
          noValidate
          aria-label={editing ? `Edit the fund ${editing.name}` : 'Add a fund'}
          className="flex flex-col gap-3 rounded-lg border border-border p-4"
        >
          <h3 className="text-base font-semibold text-text">{editing ? `Edit ${editing.name}` : 'Add a fund'}</h3>
          {banner && <ErrorBanner>{banner}</ErrorBanner>}
          <Field {...bind('name')} label="Name" rules={fieldRules(fundBodySchema, 'name')} />
          <Field
            {...bind('description')}
            label="Description (optional)"
            type="textarea"
            rows={2}
            rules={fieldRules(fundBodySchema, 'description')}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={saving.isPending}>
              {editing ? 'Save fund' : 'Add fund'}
            </Button>
            {editing && (
              <Button variant="secondary" onClick={() => edit(null)}>
                Cancel editing
              </Button>
            )}
          </div>
        </form>
      </div>
    </Modal>
  );
}
