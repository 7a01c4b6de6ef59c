import type { UseFormReturn } from 'react-hook-form';
import {
  AMAZON_MARKETPLACES,
  AMAZON_REGIONS,
  type RetailAffiliateConfig,
  type RetailConfigInput,
} from '../../../../shared/retail-affiliates.schemas.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { SelectField } from '../../../components/ui/select-field.js';
import { TextField } from '../../../components/ui/text-field.js';
import type { RetailConfigScope } from '../api.js';
import type { RetailConfigFormValues } from '../retail-config-form.js';
import { IntegrationSwitch } from './integration-switch.js';
import { SecretField } from './secret-field.js';
import { TestConnectionButton } from './test-connection-button.js';

const REGION_OPTIONS = AMAZON_REGIONS.map((region) => [region, AMAZON_MARKETPLACES[region].label] as const);

const TAG_USE: Record<RetailConfigScope, string> = {
  operator:
    'With Amazon on and the United States region (the hub’s store is amazon.com), the resources hub’s Amazon links and cart carry this ID instead of VendVote’s. ' +
    'Amazon pays no commission on purchases for your own or your business’s use.',
  admin: 'With Amazon on and the United States region, the resources hub’s Amazon links carry this ID for every operator who has not set their own.',
};

interface AmazonIntegrationCardProps {
  scope: RetailConfigScope;
  form: UseFormReturn<RetailConfigFormValues, unknown, RetailConfigInput>;
  config: RetailAffiliateConfig;
}

/** Amazon Associates, tested through Amazon's Creators API; every field waits while the switch is off. */
export function AmazonIntegrationCard({ scope, form, config }: AmazonIntegrationCardProps) {
  const { register, control, watch, setValue, formState } = form;
  const { errors } = formState;
  const off = !watch('amazonEnabled');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Amazon Associates</CardTitle>
        <CardDescription>Amazon pays 1-10% on qualifying purchases through your links, by product category.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <IntegrationSwitch
          control={control}
          name="amazonEnabled"
          label="Enable Amazon"
          description="Use your Amazon Associates account."
          error={errors.amazonEnabled?.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Associate ID"
            placeholder="yourstore-20"
            autoComplete="off"
            spellCheck={false}
            hint={TAG_USE[scope]}
            disabled={off}
            error={errors.amazonAssociateId?.message}
            {...register('amazonAssociateId')}
          />
          <SelectField
            control={control}
            name="amazonRegion"
            label="Region"
            options={REGION_OPTIONS}
            hint="The Amazon store where you joined Associates."
            disabled={off}
            error={errors.amazonRegion?.message}
          />
          <TextField
            label="Access Key ID"
            autoComplete="off"
            spellCheck={false}
            hint="The Credential ID of your Creators API application (Associates Central › Tools › Creators API)."
            disabled={off}
            error={errors.amazonAccessKeyId?.message}
            {...register('amazonAccessKeyId')}
          />
          <SecretField
            label="Secret Key"
            about="The Credential Secret Amazon showed when you made the credential."
            registration={register('amazonSecretKey')}
            stored={{ set: config.amazonSecretKeySet, last4: config.amazonSecretKeyLast4 }}
            clearing={watch('clearAmazonSecretKey')}
            onClearingChange={(clearing) => setValue('clearAmazonSecretKey', clearing, { shouldDirty: true })}
            disabled={off}
            error={errors.amazonSecretKey?.message}
          />
        </div>
        <TestConnectionButton scope={scope} provider="amazon" providerName="Amazon" form={form} />
      </CardContent>
    </Card>
  );
}
