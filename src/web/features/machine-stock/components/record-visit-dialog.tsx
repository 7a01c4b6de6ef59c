import { zodResolver } from '@hookform/resolvers/zod';
import { ClipboardCheck } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { SlotStock } from '../../../../shared/slot-stock.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.js';
import { FormButtons } from '../../../components/ui/form-buttons.js';
import { FormError } from '../../../components/ui/form-error.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { displayTimeZone } from '../../../lib/dates.js';
import { dateTimeFieldValue } from '../../inventory-analytics/analytics-format.js';
import type { z } from 'zod';
import { useRecordSlotVisit } from '../api.js';
import { rowErrorsOf, visitDefaults, visitFormSchema, visitPayload, visitRowsOf, type VisitFormSchema, type VisitRow } from '../visit-form.js';

interface VisitFormProps {
  machineId: number;
  machineName: string;
  rows: VisitRow[];
  onClose: () => void;
}

type FormInput = z.input<VisitFormSchema>;

interface SlotFieldsProps {
  row: VisitRow;
  index: number;
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
  /** The server's word on the slot itself (taken out of the planogram meanwhile, say). */
  codeError?: string;
}

const NUMBER_INPUT = { type: 'number', inputMode: 'numeric', min: 0, step: 1, 'aria-required': true } as const;

/** One slot's two counts, named as a group by its code and product. */
function SlotFields({ row, index, register, errors, codeError }: SlotFieldsProps) {
  const nameId = useId();
  const slotErrors = errors.slots?.[index];
  return (
    <div role="group" aria-labelledby={nameId} className="grid gap-2 border-b pb-3 last:border-0 sm:grid-cols-[1fr_7rem_7rem] sm:items-start sm:gap-3" data-testid="visit-slot">
      <p id={nameId} className="text-sm font-medium sm:pt-8">
        <span className="font-mono">{row.code}</span> · {row.productName}
        <span className="block text-xs font-normal text-muted-foreground">Holds {row.capacity}</span>
      </p>
      <div className="grid grid-cols-2 gap-3 sm:contents">
        <TextField label="Units left" {...NUMBER_INPUT} error={slotErrors?.unitsLeft?.message} {...register(`slots.${index}.unitsLeft`, { valueAsNumber: true })} />
        <TextField label="Units filled" {...NUMBER_INPUT} error={slotErrors?.unitsFilled?.message} {...register(`slots.${index}.unitsFilled`, { valueAsNumber: true })} />
      </div>
      {codeError ? <p className="text-sm font-medium text-destructive-text sm:col-span-3">{codeError}</p> : null}
    </div>
  );
}

function VisitForm({ machineId, machineName, rows, onClose }: VisitFormProps) {
  const timeZone = displayTimeZone();
  const schema = useMemo(() => visitFormSchema(timeZone, rows), [timeZone, rows]);
  const [latest] = useState(() => dateTimeFieldValue(new Date(), timeZone));
  const [formError, setFormError] = useState<string | null>(null);
  const [codeErrors, setCodeErrors] = useState<Record<number, string>>({});
  const record = useRecordSlotVisit(machineId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, z.output<VisitFormSchema>>({ resolver: zodResolver(schema), defaultValues: visitDefaults(rows) });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setCodeErrors({});
    const { input, sent } = visitPayload(machineId, rows, values);
    if (sent.length === 0) {
      setFormError('Nothing to record: enter the units filled, or the units you counted, for at least one slot.');
      return;
    }
    try {
      await record.mutateAsync(input);
      toast({ title: 'Visit recorded', description: `${machineName}: ${countOf(sent.length, 'slot')} recorded.` });
      onClose();
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = readApiError(error);
      const atRows = rowErrorsOf(details.errors, sent);
      const codes: Record<number, string> = {};
      for (const [row, field, message] of atRows) {
        if (field === 'code') codes[row] = message;
        else setError(`slots.${row}.${field}`, { type: 'server', message });
      }
      setCodeErrors(codes);
      if (details.errors?.restockedAt) setError('restockedAt', { type: 'server', message: details.errors.restockedAt });
      setFormError(atRows.length > 0 ? 'Some slots need a look: see the messages at their rows.' : (details.message ?? 'The visit could not be recorded. Please try again.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Record a visit</DialogTitle>
        <DialogDescription>
          Units left are counted before filling; both start from the estimates. Slots you neither fill nor count differently are left out.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-3">
        {rows.map((row, index) => (
          <SlotFields key={row.code} row={row} index={index} register={register} errors={errors} codeError={codeErrors[index]} />
        ))}
      </div>
      <TextField
        label="Date and time of the visit (optional)"
        hint={`Leave empty for now. Times are in ${timeZone}, your time zone in Settings.`}
        type="datetime-local"
        max={latest}
        error={errors.restockedAt?.message}
        {...register('restockedAt')}
      />
      <FormError message={formError} />
      <FormButtons submitLabel="Record visit" busy={isSubmitting} onCancel={onClose} />
    </form>
  );
}

/** 'Record a visit': units left and filled in every slot holding a product, now or at a time given. */
export function RecordVisitDialog({ machineId, machineName, slots }: { machineId: number; machineName: string; slots: SlotStock[] }) {
  const [open, setOpen] = useState(false);
  const rows = useMemo(() => visitRowsOf(slots), [slots]);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" icon={<ClipboardCheck className="size-4" aria-hidden="true" />} disabled={rows.length === 0}>
          Record a visit
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">{open ? <VisitForm machineId={machineId} machineName={machineName} rows={rows} onClose={() => setOpen(false)} /> : null}</DialogContent>
    </Dialog>
  );
}
