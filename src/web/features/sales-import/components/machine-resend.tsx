import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { useMachines } from '../../machines/api.js';

/** A DEX file that names no machine (an empty serial): the operator says which machine it is from, and it goes again. */
export function MachineResend({ onSend }: { onSend: (machineId: number) => void }) {
  const machines = useMachines();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | undefined>();

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <FormField label="The machine this file is from" error={error} className="min-w-0 sm:w-72">
        {(attributes) => (
          <Select
            value={chosen}
            onValueChange={(value) => {
              setChosen(value);
              setError(undefined);
            }}
            disabled={!machines.data}
          >
            <SelectTrigger {...attributes}>
              <SelectValue placeholder={machines.isPending ? 'Loading your machines…' : 'Choose a machine'} />
            </SelectTrigger>
            <SelectContent>
              {(machines.data ?? []).map((machine) => (
                <SelectItem key={machine.id} value={String(machine.id)}>
                  {machine.name} ({machine.serialNumber})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <Button
        variant="outline"
        icon={<Send className="size-4" aria-hidden="true" />}
        onClick={() => (chosen ? onSend(Number(chosen)) : setError('Choose the machine the file was read from'))}
      >
        Send again for this machine
      </Button>
    </div>
  );
}
