import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { RetailConfigInput } from '../../../../shared/retail-affiliates.schemas.js';
import { Label } from '../../../components/ui/label.js';
import { Switch } from '../../../components/ui/switch.js';
import type { RetailConfigFormValues } from '../retail-config-form.js';

interface IntegrationSwitchProps {
  control: Control<RetailConfigFormValues, unknown, RetailConfigInput>;
  name: 'amazonEnabled' | 'samsClubEnabled';
  label: string;
  description: string;
  error?: string;
}

/** A provider's on/off switch with its label and what turning it on does; Space and Enter toggle it. */
export function IntegrationSwitch({ control, name, label, description, error }: IntegrationSwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-md border border-border p-3">
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive-text">
            {error}
          </p>
        ) : null}
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${id}-description`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
          />
        )}
      />
    </div>
  );
}
