import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { RetailAffiliateMessages as Messages, type RetailAffiliateConfig, type RetailConfigInput } from '../../../../shared/retail-affiliates.schemas.js';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { SubmitButton } from '../../../components/ui/form-buttons.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useRetailConfig, useSaveRetailConfig, type RetailConfigScope } from '../api.js';
import { RETAIL_CONFIG_FIELDS, retailConfigFormSchema, retailFormValues, type RetailConfigFormValues } from '../retail-config-form.js';
import { AmazonIntegrationCard } from './amazon-integration-card.js';
import { CommissionRateField } from './commission-rate-field.js';
import { SamsClubIntegrationCard } from './sams-club-integration-card.js';

const SAVE_FAILED: Record<RetailConfigScope, string> = { operator: Messages.saveFailed, admin: Messages.adminSaveFailed };

/**
 * The retail integration blocks (Amazon, Sam's Club through FlexOffers, the commission rate) for an
 * operator's own configuration or, in the admin panel, the platform's. It loads what it edits.
 */
export function RetailIntegrationForm({ scope }: { scope: RetailConfigScope }) {
  const config = useRetailConfig(scope);
  if (config.isPending) return <RetailFormSkeleton />;
  if (config.isError) {
    return <LoadError what="the affiliate configuration" error={config.error} onRetry={() => void config.refetch()} retrying={config.isRefetching} />;
  }
  return <RetailConfigEditor scope={scope} config={config.data} />;
}

function RetailConfigEditor({ scope, config }: { scope: RetailConfigScope; config: RetailAffiliateConfig }) {
  const save = useSaveRetailConfig(scope);
  const values = useMemo(() => retailFormValues(config), [config]);
  const form = useForm<RetailConfigFormValues, unknown, RetailConfigInput>({
    resolver: zodResolver(retailConfigFormSchema(scope)),
    // Follows the saved configuration, but never over what has been typed and not saved.
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const onInvalid = () => toast({ title: SAVE_FAILED[scope], description: 'Check the highlighted fields.', variant: 'destructive' });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      form.reset(retailFormValues(saved));
      toast({ title: Messages.saved });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, RETAIL_CONFIG_FIELDS, form.setError);
      toast({ title: SAVE_FAILED[scope], description: details.message, variant: 'destructive' });
    }
  }, onInvalid);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Retail integrations" className="grid min-w-0 gap-6">
      <AmazonIntegrationCard scope={scope} form={form} config={config} />
      <SamsClubIntegrationCard scope={scope} form={form} config={config} />
      <Card>
        <CardHeader>
          <CardTitle>Commission</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <CommissionRateField scope={scope} form={form} />
          <SubmitButton busy={form.formState.isSubmitting} icon={<Save className="size-4" aria-hidden="true" />}>
            Save Configuration
          </SubmitButton>
        </CardContent>
      </Card>
    </form>
  );
}

function RetailFormSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <p role="status" className="sr-only">
        Loading the affiliate configuration…
      </p>
      {[0, 1].map((card) => (
        <Card key={card}>
          <CardHeader>
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-4 w-72 max-w-full" />
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-10 w-full" />
            ))}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
