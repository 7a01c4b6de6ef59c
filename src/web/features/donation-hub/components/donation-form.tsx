import { useQuery } from '@tanstack/react-query';
import { BookOpen, Plus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  DonationMessages as M,
  MAX_DONATION_AGE_YEARS,
  MAX_NOTES_LENGTH,
  type Charity,
  type RecordDonationInput,
} from '../../../../shared/donation-hub.schemas.js';
import { formatMoney } from '../../../../shared/money.js';
import type { Product } from '../../../../shared/products.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { FormError } from '../../../components/ui/form-error.js';
import { TextField } from '../../../components/ui/text-field.js';
import { TextareaField } from '../../../components/ui/textarea-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { settingsQuery } from '../../settings/api.js';
import { useRecordDonation } from '../donation-api.js';
import {
  calendarDay,
  centsText,
  donationTotalCents,
  earliestDay,
  isSendable,
  newLine,
  sendableLines,
  sortFieldErrors,
  type DonationLineDraft,
  type SortedFieldErrors,
} from '../donation-lines.js';
import { CataloguePicker } from './catalogue-picker.js';
import { CharityPlaceFields, type CharityPlace } from './charity-place-fields.js';
import { DonationLineFields } from './donation-line-fields.js';
import { InReturnFields, type InReturn } from './in-return-fields.js';

const NO_ERRORS: SortedFieldErrors = { rows: {}, other: {} };

/** A refusal's own words for the user (4xx); the spec's text for a failure on our side or on the way. */
function failureMessage(error: unknown): string {
  const { status, message } = readApiError(error);
  return status !== undefined && status >= 400 && status < 500 && message ? message : M.recordFailed;
}

interface DonationFormProps {
  charity: Charity;
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}

/** The Record Donation dialog's form: where, when, which products, and what came back in return. */
export function DonationForm({ charity, onBusyChange, onClose }: DonationFormProps) {
  const settings = useQuery(settingsQuery);
  // 'Today' on the operator's calendar, as the server counts it; the browser's until the settings arrive.
  const today = calendarDay(settings.data?.preferences.timezone);
  const record = useRecordDonation();
  const [place, setPlace] = useState<CharityPlace>(() => ({
    address: charity.address,
    city: charity.city,
    state: charity.state,
    contactPerson: charity.contactPerson ?? '',
  }));
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const day = chosenDay ?? today;
  const [lines, setLines] = useState<DonationLineDraft[]>(() => [newLine()]);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [notes, setNotes] = useState('');
  const [inReturn, setInReturn] = useState<InReturn>({ given: false, description: '', value: '' });
  const [errors, setErrors] = useState<SortedFieldErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const hintId = useId();

  const canRecord = lines.some(isSendable);
  const total = formatMoney(centsText(donationTotalCents(lines)), 'USD');
  const pickedIds = new Set(lines.flatMap((line) => (line.productId === null ? [] : [line.productId])));

  const changeLine = (key: string, changes: Partial<DonationLineDraft>) => {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...changes } : line)));
    const row = errors.rows[key];
    if (row) {
      const cleared = { ...row };
      for (const field of Object.keys(changes)) delete cleared[field as keyof typeof cleared];
      setErrors({ ...errors, rows: { ...errors.rows, [key]: cleared } });
    }
  };

  const addLine = () => {
    const line = newLine();
    setLines((current) => [...current, line]);
    setFocusKey(line.key);
  };

  const removeLine = (key: string) => {
    setLines((current) => (current.length > 1 ? current.filter((line) => line.key !== key) : current));
    // The row took the focus with it; Add Product is where the next step usually is.
    addButton.current?.focus();
  };

  const pickProduct = (product: Product) => {
    const line = newLine({ productId: product.id, name: product.name, brand: product.brand, unitValue: product.price });
    // A first row left blank is replaced rather than kept empty above the pick.
    setLines((current) => (current.length === 1 && !current[0]!.name.trim() && current[0]!.productId === null ? [line] : [...current, line]));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canRecord || record.isPending) return;
    if (day > today) {
      setErrors({ ...NO_ERRORS, other: { donationDate: M.dateFuture } });
      setFormError(M.dateFuture);
      return;
    }
    const { products, rowKeys } = sendableLines(lines);
    const input: RecordDonationInput = {
      charityId: charity.id,
      charityName: charity.name,
      charityAddress: place.address,
      charityCity: place.city,
      charityState: place.state,
      contactPerson: place.contactPerson,
      products,
      donationDate: day || undefined,
      notes,
      inReturn: inReturn.given ? { description: inReturn.description, value: inReturn.value.trim() || '0' } : null,
    };
    setErrors(NO_ERRORS);
    setFormError(null);
    onBusyChange(true);
    try {
      await record.mutateAsync(input);
      toast({ title: M.recordedTitle, description: M.recorded });
      onBusyChange(false);
      onClose();
    } catch (error) {
      onBusyChange(false);
      // The one 401 handler tells the user and sends them to sign in.
      if (isUnauthorizedError(error)) return;
      const message = failureMessage(error);
      setErrors(sortFieldErrors(readApiError(error).errors, rowKeys));
      setFormError(message);
      toast({ title: M.recordFailedTitle, description: message, variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid min-w-0 gap-5" aria-busy={record.isPending || undefined}>
      <DialogHeader>
        <DialogTitle>Record Donation</DialogTitle>
        <DialogDescription>Goods given to {charity.name}. Value them at fair market value: what they would sell for today.</DialogDescription>
      </DialogHeader>

      <CharityPlaceFields charity={charity} place={place} onChange={setPlace} errors={errors.other} />

      <TextField
        label="Date of the gift"
        type="date"
        className="sm:max-w-56"
        value={day}
        min={earliestDay(today, MAX_DONATION_AGE_YEARS)}
        max={today}
        onChange={(event) => setChosenDay(event.target.value)}
        error={errors.other.donationDate}
      />

      <section aria-labelledby={`${hintId}-products`} className="grid min-w-0 gap-3">
        <h3 id={`${hintId}-products`} className="text-base font-semibold">
          Donated products
        </h3>
        {lines.map((line, index) => (
          <DonationLineFields
            key={line.key}
            line={line}
            index={index}
            errors={errors.rows[line.key]}
            canRemove={lines.length > 1}
            autoFocus={line.key === focusKey}
            onChange={(changes) => changeLine(line.key, changes)}
            onRemove={() => removeLine(line.key)}
          />
        ))}
        {errors.other.products ? (
          <p role="alert" className="text-sm font-medium text-destructive-text">
            {errors.other.products}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button ref={addButton} variant="outline" size="sm" onClick={addLine} icon={<Plus className="size-4" aria-hidden="true" />}>
            Add Product
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-expanded={picking}
            onClick={() => setPicking((open) => !open)}
            icon={<BookOpen className="size-4" aria-hidden="true" />}
          >
            Add from catalogue
          </Button>
        </div>
        {picking ? <CataloguePicker pickedIds={pickedIds} onPick={pickProduct} /> : null}
        <p className="flex items-baseline justify-between gap-2 border-t border-border pt-3 text-base font-semibold">
          <span>Total donation value</span>
          <span className="tabular-nums" data-testid="donation-total">
            {total}
          </span>
        </p>
      </section>

      <TextareaField
        label="Notes (optional)"
        rows={3}
        maxLength={MAX_NOTES_LENGTH}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        hint="For example, who received the goods or their condition. Notes appear on the receipt."
        error={errors.other.notes}
      />

      <InReturnFields value={inReturn} onChange={setInReturn} errors={errors.other} />

      <FormError message={formError} />
      <DialogFooter className="items-center">
        {canRecord ? null : (
          <p id={hintId} className="text-sm text-muted-foreground sm:mr-auto">
            {M.productsRequired}.
          </p>
        )}
        <Button variant="outline" onClick={onClose} disabled={record.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canRecord} loading={record.isPending} aria-describedby={canRecord ? undefined : hintId}>
          Record Donation
        </Button>
      </DialogFooter>
    </form>
  );
}
