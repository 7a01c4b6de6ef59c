import { PlugZap } from 'lucide-react';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { RetailAffiliateMessages as Messages, type RetailConfigInput, type RetailProvider } from '../../../../shared/retail-affiliates.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useTestRetailConnection, type RetailConfigScope } from '../api.js';
import { PROVIDER_FIELDS, RETAIL_CONFIG_FIELDS, toRequestBody, type RetailConfigFormValues } from '../retail-config-form.js';

interface TestConnectionButtonProps {
  scope: RetailConfigScope;
  provider: RetailProvider;
  /** Read in the accessible name: two Test Connection buttons share the page. */
  providerName: string;
  form: UseFormReturn<RetailConfigFormValues, unknown, RetailConfigInput>;
}

const REQUIRED_ID_MESSAGE = { amazon: Messages.associateIdRequired, samsclub: null } as const;

/** Tests the provider with what the form holds now, saved or not; the answer says what failed in plain words. */
export function TestConnectionButton({ scope, provider, providerName, form }: TestConnectionButtonProps) {
  const test = useTestRetailConnection(scope);
  const hintId = useId();
  const fields = PROVIDER_FIELDS[provider];
  const enabled = form.watch(fields.enabled) as boolean;

  const onClick = () => {
    const values = form.getValues();
    const requiredMessage = REQUIRED_ID_MESSAGE[provider];
    if (fields.id && requiredMessage && !String(values[fields.id]).trim()) {
      form.setError(fields.id, { type: 'required', message: requiredMessage }, { shouldFocus: true });
      toast({ title: Messages.testFailed, description: requiredMessage, variant: 'destructive' });
      return;
    }
    test.mutate(
      { provider, body: toRequestBody(values) },
      {
        onSuccess: (result) =>
          result.ok
            ? toast({ title: Messages.testSucceeded, description: result.message })
            : toast({ title: Messages.testFailed, description: result.message, variant: 'destructive', duration: 15_000 }),
        onError: (error) => {
          if (isUnauthorizedError(error)) return;
          const details = showServerFieldErrors(error, RETAIL_CONFIG_FIELDS, form.setError);
          toast({ title: Messages.testFailed, description: details.message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <div className="grid gap-2">
      <Button
        variant="outline"
        className="w-full sm:w-fit"
        disabled={!enabled}
        loading={test.isPending}
        aria-describedby={enabled ? undefined : hintId}
        icon={<PlugZap className="size-4" aria-hidden="true" />}
        onClick={onClick}
      >
        Test Connection<span className="sr-only"> to {providerName}</span>
      </Button>
      {enabled ? null : (
        <p id={hintId} className="text-sm text-muted-foreground">
          Turn on {providerName} to test its connection.
        </p>
      )}
    </div>
  );
}
