import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { countOf } from '../../../../shared/wording.js';
import { TwoFactorProofSchema, type TwoFactorProof, type TwoFactorStatus } from '../../../../shared/two-factor.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { OneTimeCodeField } from '../../../components/ui/one-time-code-field.js';
import { FormButtons } from '../../../components/ui/form-buttons.js';
import { FormError } from '../../../components/ui/form-error.js';
import { PasswordField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { useAuth } from '../../../lib/auth.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useDisableTwoFactor, useRegenerateRecoveryCodes, useTwoFactorStatus } from '../api.js';
import { RecoveryCodesPanel } from './recovery-codes-panel.js';
import { SettingsCardSkeleton } from './settings-skeleton.js';
import { TwoFactorSetupFlow } from './two-factor-setup.js';
import { formatDate } from '../../../lib/dates.js';

const EMPTY_PROOF: TwoFactorProof = { password: '', code: '' };
const PROOF_FIELDS = ['password', 'code'] as const;

type Action = 'setup' | 'disable' | 'regenerate' | null;

/** Two-factor sign-in with an authenticator app: turn it on, see it, make new recovery codes, turn it off. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const { user } = useAuth();
  const [action, setAction] = useState<Action>(null);
  // Shown once, right after they are made; never fetched again.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // When a form or the codes close, the control that had focus is gone: focus returns to the card's
  // heading rather than dropping to the page.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocus = () => setTimeout(() => headingRef.current?.focus(), 0);
  const closeForm = (next: Action) => {
    setAction(next);
    if (next === null) returnFocus();
  };

  if (status.isPending) return <SettingsCardSkeleton label="Loading two-factor sign-in" rows={1} />;
  if (status.isError) {
    return <LoadError what="your two-factor settings" error={status.error} onRetry={() => void status.refetch()} retrying={status.isRefetching} />;
  }

  const showCodes = (codes: string[]) => {
    setAction(null);
    setRecoveryCodes(codes);
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle ref={headingRef} tabIndex={-1} className="outline-none">
            Two-factor sign-in
          </CardTitle>
          {status.data.enabled ? <Badge variant="success">On</Badge> : <Badge variant="secondary">Off</Badge>}
        </div>
        <CardDescription>After your password, sign-in asks for a code from an authenticator app on your phone.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {recoveryCodes ? (
          <RecoveryCodesPanel
            codes={recoveryCodes}
            email={user?.email}
            onDone={() => {
              setRecoveryCodes(null);
              returnFocus();
            }}
          />
        ) : action === 'setup' ? (
          <TwoFactorSetupFlow onCancel={() => closeForm(null)} onEnabled={(codes) => showCodes(codes)} />
        ) : status.data.enabled ? (
          <EnabledView status={status.data} action={action} onAction={closeForm} onNewCodes={showCodes} />
        ) : (
          <Button className="w-full sm:w-fit" onClick={() => setAction('setup')}>
            <ShieldCheck className="size-4" aria-hidden="true" />
            Turn on
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

interface EnabledViewProps {
  status: TwoFactorStatus;
  action: Action;
  onAction: (action: Action) => void;
  onNewCodes: (codes: string[]) => void;
}

function EnabledView({ status, action, onAction, onNewCodes }: EnabledViewProps) {
  return (
    <>
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap gap-1">
          <dt className="text-muted-foreground">On since</dt>
          <dd>{status.enabledAt ? <time dateTime={status.enabledAt}>{formatDate(status.enabledAt)}</time> : null}</dd>
        </div>
        <div className="flex flex-wrap gap-1">
          <dt className="text-muted-foreground">Recovery codes left</dt>
          <dd>{status.recoveryCodesLeft}</dd>
        </div>
      </dl>
      {status.recoveryCodesLeft <= 3 ? (
        <p className="text-sm font-medium text-destructive-text">
          Only {countOf(status.recoveryCodesLeft, 'recovery code')} left. Make new ones so you are not locked out.
        </p>
      ) : null}
      {action === 'disable' || action === 'regenerate' ? (
        <ProofForm key={action} action={action} onCancel={() => onAction(null)} onNewCodes={onNewCodes} />
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" className="w-full sm:w-fit" onClick={() => onAction('regenerate')}>
            <KeyRound className="size-4" aria-hidden="true" />
            New recovery codes
          </Button>
          <Button variant="outline" className="w-full sm:w-fit" onClick={() => onAction('disable')}>
            <ShieldOff className="size-4" aria-hidden="true" />
            Turn off
          </Button>
        </div>
      )}
    </>
  );
}

interface ProofFormProps {
  action: 'disable' | 'regenerate';
  onCancel: () => void;
  onNewCodes: (codes: string[]) => void;
}

/** The password and a code: what turning two-factor off, or making new recovery codes, asks for. */
function ProofForm({ action, onCancel, onNewCodes }: ProofFormProps) {
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<TwoFactorProof>({ resolver: zodResolver(TwoFactorProofSchema), defaultValues: EMPTY_PROOF });
  useEffect(() => setFocus('password'), [setFocus]);

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      if (action === 'disable') {
        const result = await disable.mutateAsync(input);
        toast({ title: result.message });
        onCancel();
      } else {
        const result = await regenerate.mutateAsync(input);
        onNewCodes(result.recoveryCodes);
      }
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, PROOF_FIELDS, setError);
      if (!details.errors?.password && !details.errors?.code) setFormError(details.message ?? 'Something went wrong. Try again.');
    }
  });

  const label = action === 'disable' ? 'Turn off two-factor sign-in' : 'Make new recovery codes';
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="grid gap-4 border-t border-border pt-4">
      <p className="text-sm text-muted-foreground">
        {action === 'disable'
          ? 'Sign-in will ask for your password only. Your recovery codes stop working.'
          : 'Your current recovery codes stop working; you get ten new ones.'}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField label="Current password" error={errors.password?.message} {...register('password')} />
        <OneTimeCodeField label="Code from your app, or a recovery code" kind="any" aria-required="true" error={errors.code?.message} {...register('code')} />
      </div>
      <FormError message={formError} />
      <FormButtons
        submitLabel={action === 'disable' ? 'Turn off' : 'Make new codes'}
        submitVariant={action === 'disable' ? 'destructive' : 'primary'}
        busy={isSubmitting}
        onCancel={onCancel}
      />
    </form>
  );
}
