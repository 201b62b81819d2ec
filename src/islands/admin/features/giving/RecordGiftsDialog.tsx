// Record gifts: a Sunday's envelopes as one batch (POST /giving/batches/): the day, how they came (cash, cheque,
// bank transfer, mobile money), the counted total, and a row per envelope (fund, amount, an optional name, the
// giver's account so a member sees it in My gifts and the statement, and a mobile money gift's transaction ID). The
// rows' sum is shown as they are typed and must equal the counted total before the batch is saved, so a miscount
// is found at the table, not in the books. A single gift is a batch of one. From two branches in the caller's scope
// the batch's branch is picked too (their own by default), so HQ can record an assembly's envelopes.
import { useState, type SubmitEvent } from 'react';
import { firstFieldErrors } from '../../../../lib/client/api-client';
import {
  GIVING_TEXTS,
  staffGiftBodySchema,
  type FundAnswer,
  type StaffGiftMethod,
} from '../../../../lib/shared/giving/api';
import { fieldRules } from '../../../../lib/shared/forms';
import { BATCH_TOTAL_LIMITS, BATCH_TOTAL_MESSAGE, formatCedis } from '../../../../lib/shared/giving/money';
import { Button, Field, FormDialog, toast } from '../../../ui';
import { cx } from '../../../ui/cx';
import { BranchField, branchBody, useBranchChoices, useOwnBranch } from '../../BranchPicker';
import { contentErrorMessage } from '../../content-form';
import { recordBatch } from './api';
import { giftCount } from '../../GivingTotalsTable';
import { AccountPicker } from '../../AccountPicker';
import {
  STAFF_METHOD_OPTIONS,
  amountRule,
  batchPayload,
  batchTally,
  emptyRow,
  fundOptions,
  newBatch,
  tallyText,
  today,
  typedPesewas,
  type BatchForm,
  type BatchRow,
} from './model';
import { useGivingWrite } from './queries';

export function RecordGiftsDialog({ funds, onClose }: { funds: FundAnswer[]; onClose: () => void }) {
  const [form, setForm] = useState<BatchForm>(() => newBatch(today(), funds[0] ? String(funds[0].id) : ''));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const saving = useGivingWrite(recordBatch);
  const tally = batchTally(form);
  const branches = useBranchChoices();
  const own = useOwnBranch();
  const [branch, setBranch] = useState('');

  const setField = (patch: Partial<BatchForm>, key: string) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  /** `field`: the API's name of the row's field, whose message the change clears. */
  const setRow = (index: number, patch: Partial<BatchRow>, field: string) => {
    setForm((f) => ({ ...f, rows: f.rows.map((row, i) => (i === index ? { ...row, ...patch } : row)) }));
    setErrors((e) => ({ ...e, [`gifts.${index}.${field}`]: '', total: '' }));
  };
  const addRow = () =>
    setForm((f) => {
      const last = f.rows[f.rows.length - 1];
      return { ...f, rows: [...f.rows, emptyRow(Math.max(0, ...f.rows.map((r) => r.key)) + 1, last?.fund ?? '')] };
    });
  const removeRow = (index: number) => {
    setForm((f) => ({ ...f, rows: f.rows.filter((_, i) => i !== index) }));
    // The messages were about the rows as numbered before.
    setErrors({});
  };

  /** The form's own checks, the API's rules: every row a fund and an amount, the total their sum. */
  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    form.rows.forEach((row, i) => {
      if (!row.fund) found[`gifts.${i}.fund`] = GIVING_TEXTS.unknownFund;
      const wrong = amountRule(row.amount);
      if (wrong) found[`gifts.${i}.amount`] = wrong;
    });
    if (typedPesewas(form.total, BATCH_TOTAL_LIMITS) === null) found.total = BATCH_TOTAL_MESSAGE;
    else if (!Object.keys(found).length && !tally.balanced) found.total = GIVING_TEXTS.batchTotal;
    return found;
  }

  async function save(event: SubmitEvent) {
    event.preventDefault();
    setBanner(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) {
      setBanner(found.total === GIVING_TEXTS.batchTotal ? tallyText(form) : 'Please correct the errors below.');
      return;
    }
    try {
      const batch = await saving.mutateAsync({ ...batchPayload(form), ...branchBody(branches, branch || own) });
      toast(`Recorded ${giftCount(batch.count)}: ${formatCedis(tally.sum)}`);
      onClose();
    } catch (error) {
      setErrors(firstFieldErrors(error));
      setBanner(contentErrorMessage('record the gifts', error));
    }
  }

  const fundChoices = [{ value: '', label: 'Choose a fund' }, ...fundOptions(funds)];
  return (
    <FormDialog
      id="record-gifts"
      title="Record gifts"
      size="xl"
      submitLabel={`Save ${giftCount(form.rows.length)}`}
      saving={saving.isPending}
      banner={banner}
      onClose={onClose}
      onSubmit={(e) => void save(e)}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted">
        Count the envelopes, enter the counted total, then one row per envelope. The rows must add up to the counted
        total before you can save. A gift given online is recorded by itself: do not enter it here.
      </p>
      <div className={cx('grid gap-4', branches.length ? 'sm:grid-cols-4' : 'sm:grid-cols-3')}>
        <Field
          name="date"
          label="Date"
          type="date"
          value={form.date}
          onChange={(date) => setField({ date }, 'date')}
          externalError={errors.date}
          rules={{ required: true }}
        />
        <Field
          name="method"
          label="Received as"
          type="select"
          value={form.method}
          onChange={(method) => setField({ method: method as StaffGiftMethod }, 'method')}
          options={STAFF_METHOD_OPTIONS}
          externalError={errors.method}
        />
        <Field
          name="total"
          label="Counted total (GH₵)"
          value={form.total}
          onChange={(total) => setField({ total }, 'total')}
          inputMode="decimal"
          placeholder="0.00"
          externalError={errors.total}
          rules={{ required: true }}
        />
        <BranchField
          choices={branches}
          id="record-gifts-branch"
          value={branch || own}
          onChange={(value) => {
            setBranch(value);
            setErrors((e) => ({ ...e, branchId: '' }));
          }}
          externalError={errors.branchId || null}
        />
      </div>

      <ol className="flex flex-col gap-3" aria-label="Gifts in this batch">
        {form.rows.map((row, i) => (
          <li key={row.key}>
            <fieldset className="grid items-start gap-3 rounded-lg border border-border p-3 sm:grid-cols-[1fr_10rem_1fr_auto]">
              <legend className="px-1 text-sm font-medium text-text">Gift {i + 1}</legend>
              <Field
                name={`gifts.${i}.fund`}
                label="Fund"
                type="select"
                value={row.fund}
                onChange={(fund) => setRow(i, { fund }, 'fund')}
                options={fundChoices}
                externalError={errors[`gifts.${i}.fund`]}
                rules={{ required: true }}
              />
              <Field
                name={`gifts.${i}.amount`}
                label="Amount (GH₵)"
                value={row.amount}
                onChange={(amount) => setRow(i, { amount }, 'amount')}
                inputMode="decimal"
                placeholder="0.00"
                externalError={errors[`gifts.${i}.amount`]}
                rules={{ required: true, custom: amountRule }}
                realTime
              />
              <Field
                name={`gifts.${i}.name`}
                label="Name (optional)"
                value={row.name}
                onChange={(name) => setRow(i, { name }, 'name')}
                externalError={errors[`gifts.${i}.name`]}
                rules={fieldRules(staffGiftBodySchema, 'name')}
              />
              {form.method === 'mobile_money' && (
                <Field
                  name={`gifts.${i}.transaction_id`}
                  label="Transaction ID (optional)"
                  value={row.transactionId}
                  onChange={(transactionId) => setRow(i, { transactionId }, 'transaction_id')}
                  externalError={errors[`gifts.${i}.transaction_id`]}
                  rules={fieldRules(staffGiftBodySchema, 'transaction_id')}
                />
              )}
              <div className="sm:col-span-3">
                <AccountPicker
                  name={`gifts.${i}.user_id`}
                  label="Giver's account (optional)"
                  none="No account: a visitor"
                  value={row.userId}
                  onChange={(userId) => setRow(i, { userId }, 'user_id')}
                  externalError={errors[`gifts.${i}.user_id`]}
                />
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="sm:mt-6"
                disabled={form.rows.length === 1}
                aria-label={`Remove gift ${i + 1}`}
                onClick={() => removeRow(i)}
              >
                Remove
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="outline" onClick={addRow}>
          Add a gift
        </Button>
        <p
          role="status"
          data-testid="batch-tally"
          className={tally.balanced ? 'text-sm font-medium text-success' : 'text-sm font-medium text-text'}
        >
          {tallyText(form)}
        </p>
      </div>
    </FormDialog>
  );
}
