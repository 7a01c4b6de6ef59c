import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateWebhookSchema, MAX_WEBHOOK_ENDPOINTS, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from '../../../../shared/webhooks.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { Checkbox } from '../../../components/ui/checkbox.js';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { SubmitButton } from '../../../components/ui/form-buttons.js';
import { FormError } from '../../../components/ui/form-error.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { TextField } from '../../../components/ui/text-field.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useCreateWebhook, useWebhooks } from '../webhooks-api.js';
import { SettingsCardSkeleton } from './settings-skeleton.js';
import { WebhookEndpointItem } from './webhook-endpoint-item.js';

type FormInput = z.input<typeof CreateWebhookSchema>;
type FormOutput = z.output<typeof CreateWebhookSchema>;
const EMPTY: FormInput = { url: '', description: '', events: [] };
const FIELDS = ['url', 'description', 'events'] as const;

/** A signing secret on screen: the endpoint's URL it belongs to, and the secret, shown this once. */
export interface RevealedSecret {
  url: string;
  secret: string;
  rolled: boolean;
}

/** Outgoing webhooks: add an endpoint (its secret shown once), and see, test, switch off, roll and delete each. */
export function WebhooksCard() {
  const endpoints = useWebhooks();
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (endpoints.isPending) return <SettingsCardSkeleton label="Loading webhooks" rows={2} />;
  if (endpoints.isError) {
    return <LoadError what="your webhooks" error={endpoints.error} onRetry={() => void endpoints.refetch()} retrying={endpoints.isRefetching} />;
  }

  const done = () => {
    setRevealed(null);
    // The panel and its buttons are gone: focus goes back to the card rather than to the page.
    setTimeout(() => headingRef.current?.focus(), 0);
  };
  const atLimit = endpoints.data.length >= MAX_WEBHOOK_ENDPOINTS;

  return (
    <Card>
      <CardHeader>
        <CardTitle ref={headingRef} tabIndex={-1} className="outline-none">
          Webhooks
        </CardTitle>
        <CardDescription>
          Tell your own systems when something happens at your machines: VendVote sends each event as a signed HTTPS POST, and tries again for
          a few hours if your server does not answer with a 2xx status. Check the <code className="font-mono text-xs">VendVote-Signature</code>{' '}
          header with the endpoint’s signing secret.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {revealed ? (
          <SecretPanel revealed={revealed} onDone={done} />
        ) : atLimit ? (
          <p className="rounded-md border border-border bg-muted p-3 text-sm">
            You have {MAX_WEBHOOK_ENDPOINTS} endpoints, the most an account may have. Delete one you no longer use to add another.
          </p>
        ) : (
          <AddWebhookForm onCreated={(url, secret) => setRevealed({ url, secret, rolled: false })} />
        )}
        {endpoints.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no webhook endpoints.</p>
        ) : (
          <div className="grid gap-2">
            <h3 className="text-sm font-medium">
              Your endpoints ({endpoints.data.length} of {MAX_WEBHOOK_ENDPOINTS})
            </h3>
            <ul className="grid divide-y divide-border" aria-label="Webhook endpoints">
              {endpoints.data.map((endpoint) => (
                <WebhookEndpointItem key={endpoint.id} endpoint={endpoint} onSecretRolled={(secret) => setRevealed({ url: endpoint.url, secret, rolled: true })} />
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function AddWebhookForm({ onCreated }: { onCreated: (url: string, secret: string) => void }) {
  const create = useCreateWebhook();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(CreateWebhookSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      const result = await create.mutateAsync(input);
      reset(EMPTY);
      onCreated(result.endpoint.url, result.signingSecret);
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, FIELDS, setError);
      if (!details.errors) setFormError(details.message ?? 'The endpoint could not be added. Please try again.');
    }
  });

  const eventsError = errors.events?.message ?? errors.events?.root?.message;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="New webhook endpoint" className="grid gap-4">
      <TextField
        label="Endpoint URL"
        hint="The HTTPS address on your server that receives the events."
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/vendvote-events"
        aria-required="true"
        error={errors.url?.message}
        {...register('url')}
      />
      <TextField label="Description (optional)" hint="What receives the events, e.g. 'Help desk'." autoComplete="off" error={errors.description?.message} {...register('description')} />
      <fieldset className="grid min-w-0 gap-2" aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
        <legend className="mb-2 text-sm leading-none font-medium text-foreground">Events to send</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex min-h-10 cursor-pointer items-start gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm has-checked:border-primary">
              <Checkbox value={event} className="mt-0.5" {...register('events')} />
              <span className="grid gap-0.5">
                <span className="font-medium">{WEBHOOK_EVENT_LABELS[event].label}</span>
                <span className="text-muted-foreground">{WEBHOOK_EVENT_LABELS[event].description}</span>
              </span>
            </label>
          ))}
        </div>
        {eventsError ? (
          <p id="webhook-events-error" className="text-sm font-medium text-destructive-text">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <FormError message={formError} />
      <SubmitButton busy={isSubmitting} icon={<Plus className="size-4" aria-hidden="true" />}>
        Add endpoint
      </SubmitButton>
    </form>
  );
}

/** The secret, this once: the server keeps it sealed and never sends it again. */
function SecretPanel({ revealed, onDone }: { revealed: RevealedSecret; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Screen reader and keyboard users land on the new content rather than on a form that is gone.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section aria-labelledby="webhook-secret-heading" className="grid gap-3 rounded-md border border-primary p-4">
      <h3 id="webhook-secret-heading" ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
        {revealed.rolled ? 'Copy the new signing secret' : 'Copy the signing secret'}
      </h3>
      <p className="text-sm break-all text-muted-foreground">
        For {revealed.url}. This is the only time it is shown. Store it where your receiver reads secrets
        {revealed.rolled ? ': the old secret no longer signs anything.' : '.'}
      </p>
      <label htmlFor="webhook-signing-secret" className="sr-only">
        Signing secret
      </label>
      <input
        id="webhook-signing-secret"
        readOnly
        value={revealed.secret}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full min-w-0 rounded-md border border-input bg-muted px-3 py-2 font-mono text-sm break-all"
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <CopyButton text={revealed.secret} label="Copy secret" className="w-full sm:w-fit" />
        <Button className="w-full sm:ml-auto sm:w-fit" onClick={onDone}>
          <Check className="size-4" aria-hidden="true" />I have copied it
        </Button>
      </div>
    </section>
  );
}
