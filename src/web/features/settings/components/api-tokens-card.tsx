import { zodResolver } from '@hookform/resolvers/zod';
import { Check, KeyRound, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  API_TOKEN_ACCESS,
  API_TOKEN_ACCESS_LABELS,
  CreateApiTokenSchema,
  MAX_API_TOKENS,
  type ApiToken,
  type CreatedApiToken,
} from '../../../../shared/api-tokens.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { SubmitButton } from '../../../components/ui/form-buttons.js';
import { FormError } from '../../../components/ui/form-error.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { RadioCards } from '../../../components/ui/radio-cards.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api-tokens-api.js';
import { SettingsCardSkeleton } from './settings-skeleton.js';
import { formatDate, formatDateTime } from '../../../lib/dates.js';


type FormInput = z.input<typeof CreateApiTokenSchema>;
type FormOutput = z.output<typeof CreateApiTokenSchema>;
const EMPTY: FormInput = { name: '', access: 'read-only' };
const FIELDS = ['name', 'access'] as const;

const ACCESS_HINTS = {
  'read-only': 'GET and HEAD calls only: lists, figures, exports.',
  'read-write': 'Also adds, changes and deletes your machines, products and other records.',
} as const;

/** Personal API tokens for the operator's own scripts: made here (shown once), listed by hint, revoked. */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  // The new token, held only in this component's memory until the operator is done with it.
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (tokens.isPending) return <SettingsCardSkeleton label="Loading API tokens" rows={2} />;
  if (tokens.isError) {
    return <LoadError what="your API tokens" error={tokens.error} onRetry={() => void tokens.refetch()} retrying={tokens.isRefetching} />;
  }

  const done = () => {
    setCreated(null);
    // The panel and its buttons are gone: focus goes back to the card rather than to the page.
    setTimeout(() => headingRef.current?.focus(), 0);
  };
  const atLimit = tokens.data.length >= MAX_API_TOKENS;

  return (
    <Card>
      <CardHeader>
        <CardTitle ref={headingRef} tabIndex={-1} className="outline-none">
          API tokens
        </CardTitle>
        <CardDescription>
          For your own scripts: send a token as <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code> to the operator
          API. A token cannot change your password, email or tokens, and stops working the moment you revoke it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {created ? <NewTokenPanel created={created} onDone={done} /> : atLimit ? <LimitNote /> : <CreateTokenForm onCreated={setCreated} />}
        <TokenList tokens={tokens.data} />
      </CardContent>
    </Card>
  );
}

function LimitNote() {
  return (
    <p className="rounded-md border border-border bg-muted p-3 text-sm">
      You have {MAX_API_TOKENS} tokens, the most an account may have. Revoke one you no longer use to make another.
    </p>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(CreateApiTokenSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      const result = await create.mutateAsync(input);
      reset(EMPTY);
      onCreated(result);
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, FIELDS, setError);
      if (!details.errors) setFormError(details.message ?? 'The token could not be made. Please try again.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New API token" className="grid gap-4">
      <TextField
        label="Token name"
        hint="Say what uses it, e.g. 'Nightly stock export'."
        autoComplete="off"
        aria-required="true"
        error={errors.name?.message}
        {...register('name')}
      />
      <RadioCards
        legend="Access"
        columns={2}
        options={API_TOKEN_ACCESS.map((access) => ({ value: access, label: API_TOKEN_ACCESS_LABELS[access], hint: ACCESS_HINTS[access] }))}
        registration={register('access')}
        error={errors.access?.message}
      />
      <FormError message={formError} />
      <SubmitButton busy={isSubmitting} icon={<Plus className="size-4" aria-hidden="true" />}>
        Create token
      </SubmitButton>
    </form>
  );
}

/** The token, this once: only its hash is kept, so it can never be shown again. */
function NewTokenPanel({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Screen reader and keyboard users land on the new content rather than on a form that is gone.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section aria-labelledby="new-api-token-heading" className="grid gap-3 rounded-md border border-primary p-4">
      <h3 id="new-api-token-heading" ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
        Copy your new token “{created.name}”
      </h3>
      <p className="text-sm text-muted-foreground">
        This is the only time it is shown: VendVote keeps only a fingerprint of it. Store it where your script reads secrets.
      </p>
      <label htmlFor="new-api-token" className="sr-only">
        New API token
      </label>
      <input
        id="new-api-token"
        readOnly
        value={created.token}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full min-w-0 rounded-md border border-input bg-muted px-3 py-2 font-mono text-sm break-all"
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <CopyButton text={created.token} label="Copy token" className="w-full sm:w-fit" />
        <Button className="w-full sm:ml-auto sm:w-fit" onClick={onDone}>
          <Check className="size-4" aria-hidden="true" />
          I have copied it
        </Button>
      </div>
    </section>
  );
}

function TokenList({ tokens }: { tokens: readonly ApiToken[] }) {
  if (tokens.length === 0) return <p className="text-sm text-muted-foreground">You have no API tokens.</p>;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">
        Your tokens ({tokens.length} of {MAX_API_TOKENS})
      </h3>
      <ul className="grid divide-y divide-border" aria-label="API tokens">
        {tokens.map((token) => (
          <TokenRow key={token.id} token={token} />
        ))}
      </ul>
    </div>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();

  const onRevoke = async () => {
    try {
      await revoke.mutateAsync(token.id);
      toast({ title: 'Token revoked', description: `“${token.name}” no longer works.` });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      // Already gone (revoked in another tab): the refreshed list says so.
      if (readApiError(error).status === 404) return;
      toast({ title: 'The token could not be revoked', description: readApiError(error).message, variant: 'destructive' });
    }
  };

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
          <span className="font-medium break-words">{token.name}</span>
          <Badge variant={token.access === 'read-write' ? 'info' : 'secondary'}>{API_TOKEN_ACCESS_LABELS[token.access]}</Badge>
        </div>
        <p className="font-mono text-xs break-all text-muted-foreground">{token.hint}</p>
        <p className="text-sm text-muted-foreground">
          Created <time dateTime={token.createdAt}>{formatDate(token.createdAt)}</time>
          {' · '}
          {token.lastUsedAt ? (
            <>
              Last used <time dateTime={token.lastUsedAt}>{formatDateTime(token.lastUsedAt)}</time>
            </>
          ) : (
            'Never used'
          )}
        </p>
      </div>
      <ConfirmAction
        trigger={
          <Button variant="outline" size="sm" loading={revoke.isPending} aria-label={`Revoke ${token.name}`}>
            {revoke.isPending ? null : <Trash2 className="size-4" aria-hidden="true" />}
            Revoke
          </Button>
        }
        title={`Revoke “${token.name}”?`}
        description="Anything using this token gets 401 Unauthorized from now on. This cannot be undone."
        confirmLabel="Revoke token"
        onConfirm={onRevoke}
        waitForAction
      />
    </li>
  );
}
