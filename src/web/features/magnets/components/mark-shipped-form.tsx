import { zodResolver } from '@hookform/resolvers/zod';
import { Truck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MarkMagnetOrderShippedSchema } from '../../../../shared/magnets.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useMarkMagnetOrderShipped, type MarkShipped } from '../api.js';
import { orderNumber } from '../order-format.js';

type MarkShippedOutput = z.output<typeof MarkMagnetOrderShippedSchema>;
const FIELDS = ['carrier', 'trackingNumber', 'trackingUrl'] as const;

/** An admin marks an order posted by hand as shipped; its operator is mailed the tracking. */
export function MarkShippedForm({ orderId }: { orderId: number }) {
  const markShipped = useMarkMagnetOrderShipped();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MarkShipped, unknown, MarkShippedOutput>({
    resolver: zodResolver(MarkMagnetOrderShippedSchema),
    defaultValues: { carrier: '', trackingNumber: '', trackingUrl: '' },
  });

  const onSubmit = handleSubmit(async (shipment) => {
    try {
      await markShipped.mutateAsync({ orderId, shipment });
      toast({ title: 'Order marked shipped', description: `${orderNumber({ id: orderId })}: its operator is told the tracking number.` });
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, FIELDS, setError);
      toast({ title: 'Error', description: details.message ?? 'Failed to mark the order shipped', variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Mark ${orderNumber({ id: orderId })} shipped`} className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Carrier" placeholder="e.g. USPS" aria-required="true" error={errors.carrier?.message} {...register('carrier')} />
        <TextField
          label="Tracking number"
          autoComplete="off"
          aria-required="true"
          error={errors.trackingNumber?.message}
          {...register('trackingNumber')}
        />
      </div>
      <TextField
        label="Tracking link (optional)"
        type="url"
        inputMode="url"
        placeholder="https://"
        error={errors.trackingUrl?.message}
        {...register('trackingUrl')}
      />
      <Button type="submit" variant="secondary" className="w-full sm:w-fit" loading={isSubmitting}>
        {isSubmitting ? null : <Truck className="size-4" aria-hidden="true" />}
        Mark shipped
      </Button>
    </form>
  );
}
