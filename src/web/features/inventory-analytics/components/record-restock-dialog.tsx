import { zodResolver } from '@hookform/resolvers/zod';
import { PackagePlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Prediction } from '../../../../shared/analytics.schemas.js';
import { RestockInputSchema } from '../../../../shared/stock.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.js';
import { FormButtons } from '../../../components/ui/form-buttons.js';
import { FormError } from '../../../components/ui/form-error.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { dateTimeFieldValue, MIN_VOTES_FOR_RATIO, zonedDateTime } from '../analytics-format.js';
import { useRecordRestock } from '../api.js';

/**
 * The shared rule for a restock, with the date-time field read on the operator's clock: an empty
 * field is 'now', and a time goes to the server as a moment (so the schema's past and future checks hold).
 */
function restockFormSchema(timeZone: string) {
  const { unitsLeft, unitsFilled, restockedAt } = RestockInputSchema.shape;
  return z.object({
    unitsLeft,
    unitsFilled,
    restockedAt: z
      .string()
      .transform((value) => (value === '' ? undefined : (zonedDateTime(value, timeZone)?.toISOString() ?? value)))
      .pipe(restockedAt),
  });
}
type RestockFormSchema = ReturnType<typeof restockFormSchema>;

const FIELDS = ['unitsLeft', 'unitsFilled', 'restockedAt'] as const;

function RestockForm({ prediction, timeZone, onClose }: { prediction: Prediction; timeZone: string; onClose: () => void }) {
  const schema = useMemo(() => restockFormSchema(timeZone), [timeZone]);
  const [latest] = useState(() => dateTimeFieldValue(new Date(), timeZone));
  const record = useRecordRestock();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<RestockFormSchema>, unknown, z.output<RestockFormSchema>>({ resolver: zodResolver(schema), defaultValues: { restockedAt: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await record.mutateAsync({
        machineId: prediction.machineId,
        productId: prediction.productId,
        unitsLeft: values.unitsLeft,
        unitsFilled: values.unitsFilled,
        restockedAt: values.restockedAt?.toISOString(),
      });
      toast({
        title: 'Restock recorded',
        description: `${prediction.productName} at ${prediction.machineName}: ${countOf(values.unitsLeft + values.unitsFilled, 'unit')} after the visit.`,
      });
      onClose();
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, FIELDS, setError);
      setFormError(details.message ?? 'The restock could not be recorded. Please try again.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Record restock</DialogTitle>
        <DialogDescription>
          {prediction.productName} at {prediction.machineName}. Your counts replace the assumed weekly fill, and visits recorded one after another,
          with at least {MIN_VOTES_FOR_RATIO} up-votes between them and some units sold, measure how many units sell per up-vote.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Units left"
          hint="Counted before filling."
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-required="true"
          error={errors.unitsLeft?.message}
          {...register('unitsLeft', { valueAsNumber: true })}
        />
        <TextField
          label="Units filled"
          hint="Added on this visit."
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-required="true"
          error={errors.unitsFilled?.message}
          {...register('unitsFilled', { valueAsNumber: true })}
        />
      </div>
      <TextField
        label="Date and time (optional)"
        hint={`Leave empty for now. Times are in ${timeZone}, your time zone in Settings.`}
        type="datetime-local"
        max={latest}
        error={errors.restockedAt?.message}
        {...register('restockedAt')}
      />
      <FormError message={formError} />
      <FormButtons submitLabel="Record restock" busy={isSubmitting} onCancel={onClose} />
    </form>
  );
}

/** 'Record restock': units left and filled at a visit, now or at a time given. */
export function RecordRestockDialog({ prediction, timeZone }: { prediction: Prediction; timeZone: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" icon={<PackagePlus className="size-4" aria-hidden="true" />}>
          Record restock
          <span className="sr-only">
            {' '}
            of {prediction.productName} at {prediction.machineName}
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent>{open ? <RestockForm prediction={prediction} timeZone={timeZone} onClose={() => setOpen(false)} /> : null}</DialogContent>
    </Dialog>
  );
}
