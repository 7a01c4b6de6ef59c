import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { MACHINE_STATUSES, MACHINE_TYPES, type MachineType } from '../../../../shared/catalog.js';
import { MachineInputSchema, type Machine, type MachineInput } from '../../../../shared/machines.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { DialogFooter } from '../../../components/ui/dialog.js';
import { SelectField } from '../../../components/ui/select-field.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { useSaveMachine } from '../api.js';
import { MACHINE_STATUS_LABELS } from './machine-status.js';

type MachineFormOutput = z.output<typeof MachineInputSchema>;
const FIELDS = ['name', 'location', 'address', 'type', 'serialNumber', 'status'] as const;
const isField = (name: string): name is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(name);

const TYPE_OPTIONS = Object.entries(MACHINE_TYPES) as [MachineType, string][];
const STATUS_OPTIONS = MACHINE_STATUSES.map((status) => [status, MACHINE_STATUS_LABELS[status]] as const);

interface MachineFormProps {
  /** The machine being edited; absent when adding one. */
  machine?: Machine;
  onSaved: () => void;
  onCancel: () => void;
}

/** The Add/Edit Machine form of spec 2.7 and 5; new machines start active. */
export function MachineForm({ machine, onSaved, onCancel }: MachineFormProps) {
  const saveMachine = useSaveMachine();
  // A refusal the user must read in full, such as the plan's machine limit.
  const [refusal, setRefusal] = useState<{ message: string; planLimit: boolean } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MachineInput, unknown, MachineFormOutput>({
    resolver: zodResolver(MachineInputSchema),
    defaultValues: {
      name: machine?.name ?? '',
      location: machine?.location ?? '',
      address: machine?.address ?? '',
      type: machine?.type,
      serialNumber: machine?.serialNumber ?? '',
      status: machine?.status ?? 'active',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await saveMachine.mutateAsync({ id: machine?.id, values });
      toast({ title: machine ? 'Machine updated' : 'Machine added', description: values.name });
      onSaved();
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      const details = readApiError(error);
      for (const [field, message] of Object.entries(details.errors ?? {})) {
        if (isField(field)) setError(field, { type: 'server', message });
      }
      const message = details.message ?? 'Failed to save machine';
      if (details.status === 403 || details.status === 404) setRefusal({ message, planLimit: details.status === 403 });
      toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {refusal ? (
        <Alert variant="destructive">
          <p>{refusal.message}</p>
          {refusal.planLimit ? (
            <p className="flex flex-wrap gap-x-4 gap-y-1">
              <Link to={paths.pricing} className="font-medium underline underline-offset-4">
                See plans and pricing
              </Link>
              <Link to={paths.billing} className="font-medium underline underline-offset-4">
                Plan &amp; billing
              </Link>
            </p>
          ) : null}
        </Alert>
      ) : null}
      <TextField label="Machine Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField label="Location" placeholder="e.g. Building A, 2nd floor lobby" error={errors.location?.message} {...register('location')} />
      <TextField
        label="Address (optional)"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <SelectField control={control} name="type" label="Machine Type" placeholder="Select a type" options={TYPE_OPTIONS} error={errors.type?.message} />
      <TextField label="Serial Number" autoComplete="off" error={errors.serialNumber?.message} {...register('serialNumber')} />
      <SelectField control={control} name="status" label="Status" options={STATUS_OPTIONS} error={errors.status?.message} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {machine ? 'Save Changes' : 'Add Machine'}
        </Button>
      </DialogFooter>
    </form>
  );
}
