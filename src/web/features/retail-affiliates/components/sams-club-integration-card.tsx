import type { UseFormReturn } from 'react-hook-form';
import type { RetailAffiliateConfig, RetailConfigInput } from '../../../../shared/retail-affiliates.schemas.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { TextField } from '../../../components/ui/text-field.js';
import type { RetailConfigScope } from '../api.js';
import type { RetailConfigFormValues } from '../retail-config-form.js';
import { IntegrationSwitch } from './integration-switch.js';
import { SecretField } from './secret-field.js';
import { TestConnectionButton } from './test-connection-button.js';

interface SamsClubIntegrationCardProps {
  scope: RetailConfigScope;
  form: UseFormReturn<RetailConfigFormValues, unknown, RetailConfigInput>;
  config: RetailAffiliateConfig;
}

/** Sam's Club's program runs through the FlexOffers network: a publisher ID and the domain's API key. */
export function SamsClubIntegrationCard({ scope, form, config }: SamsClubIntegrationCardProps) {
  const { register, control, watch, setValue, formState } = form;
  const { errors } = formState;
  const off = !watch('samsClubEnabled');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sam&rsquo;s Club (FlexOffers)</CardTitle>
        <CardDescription>The warehouse club pays 1.6% on purchases plus 12% on memberships, through the FlexOffers affiliate network.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <IntegrationSwitch
          control={control}
          name="samsClubEnabled"
          label="Enable Sam's Club"
          description="Use your FlexOffers publisher account, approved for Sam's Club's program."
          error={errors.samsClubEnabled?.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Publisher ID"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            hint="Your FlexOffers publisher (domain) ID. When given, the test checks that the API key is this domain's."
            disabled={off}
            error={errors.samsClubPublisherId?.message}
            {...register('samsClubPublisherId')}
          />
          <SecretField
            label="FlexOffers API Key"
            about="Your domain's key, under Links › Data Feeds › Web Services in FlexOffers."
            registration={register('flexOffersApiKey')}
            stored={{ set: config.flexOffersApiKeySet, last4: config.flexOffersApiKeyLast4 }}
            clearing={watch('clearFlexOffersApiKey')}
            onClearingChange={(clearing) => setValue('clearFlexOffersApiKey', clearing, { shouldDirty: true })}
            disabled={off}
            error={errors.flexOffersApiKey?.message}
          />
        </div>
        <TestConnectionButton scope={scope} provider="samsclub" providerName="Sam's Club" form={form} />
      </CardContent>
    </Card>
  );
}
