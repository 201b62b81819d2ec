// What staff do to one gift: Refund a paid gift (the amount, the whole gift unless less is typed; the day; why),
// and Resolve a flagged one (credit it, with the amount that really arrived, or mark it failed; an optional note
// of what they found). The server keeps the rules (GIVING_TEXTS); its messages land on their fields.
import { useState, type ComponentProps, type SubmitEvent } from 'react';
import { firstFieldErrors } from '../../../../lib/client/api-client';
import {
  GIVING_TEXTS,
  RESOLVE_NOTE_MAX,
  refundBodySchema,
  resolveBodySchema,
  type GiftAnswer,
} from '../../../../lib/shared/giving/api';
import { fieldRules } from '../../../../lib/shared/forms';
import { AMOUNT_MESSAGE, cedisText, formatCedis, pesewasOf, showCedis } from '../../../../lib/shared/giving/money';
import { messages } from '../../../../lib/shared/messages';
import { DetailList, Field, FormDialog, toast } from '../../../ui';
import { useFormFields } from '../../../ui/useFormFields';
import { contentErrorMessage } from '../../content-form';
import { refundGift, resolveGift } from './api';
import { amountRule, giftName, today, typedPesewas } from './model';
import { useGivingWrite } from './queries';

/** The gift the dialog is about, as a short list. */
function GiftFacts({ gift }: { gift: GiftAnswer }) {
  return (
    <DetailList
      items={[
        { label: 'Reference', value: gift.reference },
        { label: 'Fund', value: gift.fund },
        { label: 'Amount', value: showCedis(gift.amount) },
        { label: 'Given by', value: gift.name ?? 'Anonymous' },
        ...(gift.flagReason ? [{ label: 'Why flagged', value: gift.flagReason }] : []),
      ]}
    />
  );
}

/** A dialog about one gift: what it is, then the dialog's own fields. */
function GiftDialog({ gift, children, ...dialog }: ComponentProps<typeof FormDialog> & { gift: GiftAnswer }) {
  return (
    <FormDialog {...dialog} className="flex flex-col gap-4">
      <GiftFacts gift={gift} />
      {children}
    </FormDialog>
  );
}

export function RefundDialog({ gift, onClose }: { gift: GiftAnswer; onClose: () => void }) {
  const { values, setErrors, bind } = useFormFields(() => ({
    amount: cedisText(pesewasOf(gift.amount)),
    date: today(),
    reason: '',
  }));
  const [banner, setBanner] = useState<string | null>(null);
  const saving = useGivingWrite((body: Parameters<typeof refundGift>[1]) => refundGift(gift.id, body));

  async function save(event: SubmitEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const pesewas = typedPesewas(values.amount);
    if (pesewas === null) found.amount = AMOUNT_MESSAGE;
    else if (pesewas > pesewasOf(gift.amount)) found.amount = GIVING_TEXTS.refundTooLarge;
    if (!values.reason.trim()) found.reason = 'Reason is required';
    setErrors(found);
    if (Object.keys(found).length) return setBanner('Please correct the errors below.');
    try {
      await saving.mutateAsync({ amount: values.amount.trim(), date: values.date, reason: values.reason.trim() });
      toast(`Refunded ${formatCedis(pesewas ?? 0)} of ${giftName(gift)}`);
      onClose();
    } catch (error) {
      setErrors(firstFieldErrors(error));
      setBanner(contentErrorMessage('refund the gift', error));
    }
  }

  return (
    <GiftDialog
      gift={gift}
      id="refund-gift"
      title="Refund gift"
      submitLabel="Record refund"
      saving={saving.isPending}
      banner={banner}
      onClose={onClose}
      onSubmit={(e) => void save(e)}
    >
      <p className="text-sm text-muted">
        This records a refund you have made (Paystack's dashboard or cash back): it does not move money.
      </p>
      <Field
        {...bind('amount')}
        label="Amount refunded (GH₵)"
        inputMode="decimal"
        rules={{ required: true, custom: amountRule }}
        realTime
      />
      <Field {...bind('date')} label="Date" type="date" rules={{ required: true }} />
      <Field
        {...bind('reason')}
        label="Reason"
        type="textarea"
        rows={3}
        rules={fieldRules(refundBodySchema, 'reason')}
        realTime
      />
    </GiftDialog>
  );
}

type Outcome = 'paid' | 'failed';

export function ResolveDialog({ gift, onClose }: { gift: GiftAnswer; onClose: () => void }) {
  const [outcome, setOutcome] = useState<Outcome>('paid');
  const [amount, setAmount] = useState(cedisText(pesewasOf(gift.amount)));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const saving = useGivingWrite((body: Parameters<typeof resolveGift>[1]) => resolveGift(gift.id, body));

  async function save(event: SubmitEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (outcome === 'paid' && typedPesewas(amount) === null) found.amount = AMOUNT_MESSAGE;
    if (note.trim().length > RESOLVE_NOTE_MAX) found.note = messages.maxLength(RESOLVE_NOTE_MAX);
    setErrors(found);
    if (Object.keys(found).length) return setBanner('Please correct the errors below.');
    const noted = note.trim() ? { note: note.trim() } : {};
    try {
      await saving.mutateAsync(
        outcome === 'paid' ? { status: 'paid', amount: amount.trim(), ...noted } : { status: 'failed', ...noted },
      );
      toast(outcome === 'paid' ? `Credited ${giftName(gift)}` : `Marked ${giftName(gift)} failed`);
      onClose();
    } catch (error) {
      setErrors(firstFieldErrors(error));
      setBanner(contentErrorMessage('resolve the gift', error));
    }
  }

  const choice = (value: Outcome, label: string, hint: string) => (
    <label className="flex items-start gap-2 rounded-lg border border-border p-3 text-sm text-text">
      <input
        type="radio"
        name="status"
        value={value}
        checked={outcome === value}
        onChange={() => setOutcome(value)}
        className="mt-1"
      />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-muted">{hint}</span>
      </span>
    </label>
  );

  return (
    <GiftDialog
      gift={gift}
      id="resolve-gift"
      title="Resolve flagged gift"
      submitLabel={outcome === 'paid' ? 'Credit gift' : 'Mark failed'}
      saving={saving.isPending}
      banner={banner}
      onClose={onClose}
      onSubmit={(e) => void save(e)}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-text">What happened</legend>
        {choice(
          'paid',
          'The money arrived: credit it',
          'The gift is paid with the amount below and the giver is sent a receipt.',
        )}
        {choice('failed', 'The money did not arrive: mark it failed', 'Nothing is credited and no receipt is sent.')}
      </fieldset>
      {outcome === 'paid' && (
        <Field
          name="amount"
          label="Amount that arrived (GH₵)"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setErrors({});
          }}
          inputMode="decimal"
          externalError={errors.amount}
          helperText="As Paystack's dashboard shows it."
          rules={{ required: true, custom: amountRule }}
          realTime
        />
      )}
      <Field
        name="note"
        label="Note (optional)"
        type="textarea"
        rows={3}
        value={note}
        onChange={(value) => {
          setNote(value);
          setErrors((e) => ({ ...e, note: '' }));
        }}
        externalError={errors.note}
        helperText="What you found. It is kept with the gift and in the activity log."
        rules={fieldRules(resolveBodySchema, 'note')}
        realTime
      />
    </GiftDialog>
  );
}
