import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  StartTwoFactorSetupSchema,
  TotpCodeSchema,
  TwoFactorMessages,
  type StartTwoFactorSetup,
  type TwoFactorSetup,
} from '../../../../shared/two-factor.schemas.js';
import { FormButtons } from '../../../components/ui/form-buttons.js';
import { FormError } from '../../../components/ui/form-error.js';
import { OneTimeCodeField } from '../../../components/ui/one-time-code-field.js';
import { PasswordField } from '../../../components/ui/text-field.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useConfirmTwoFactorSetup, useStartTwoFactorSetup } from '../api.js';

const CodeFormSchema = z.object({ code: TotpCodeSchema });
type CodeFormInput = z.input<typeof CodeFormSchema>;
type CodeFormOutput = z.output<typeof CodeFormSchema>;

interface TwoFactorSetupFlowProps {
  onCancel: () => void;
  /** Two-factor is on; the recovery codes are for the owner to save now. */
  onEnabled: (recoveryCodes: string[]) => void;
}

/** Turning two-factor on: the password, then the QR code (or key) and the app's first code. */
export function TwoFactorSetupFlow({ onCancel, onEnabled }: TwoFactorSetupFlowProps) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (!setup) {
    return (
      <PasswordStep
        notice={notice}
        onCancel={onCancel}
        onStarted={(started) => {
          setNotice(null);
          setSetup(started);
        }}
      />
    );
  }
  return (
    <ScanStep
      setup={setup}
      onCancel={onCancel}
      onEnabled={onEnabled}
      onExpired={(message) => {
        setSetup(null);
        setNotice(message);
      }}
    />
  );
}

function PasswordStep({ notice, onCancel, onStarted }: { notice: string | null; onCancel: () => void; onStarted: (setup: TwoFactorSetup) => void }) {
  const start = useStartTwoFactorSetup();
  const [formError, setFormError] = useState<string | null>(notice);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<StartTwoFactorSetup>({ resolver: zodResolver(StartTwoFactorSetupSchema), defaultValues: { password: '' } });
  useEffect(() => setFocus('password'), [setFocus]);

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      onStarted(await start.mutateAsync(input));
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, ['password'], setError);
      if (!details.errors?.password) setFormError(details.message ?? 'Could not start. Try again.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Turn on two-factor sign-in" className="grid gap-4 border-t border-border pt-4">
      <PasswordField
        label="Current password"
        hint="To keep your account safe, confirm it is you."
        error={errors.password?.message}
        {...register('password')}
      />
      <FormError message={formError} />
      <FormButtons submitLabel="Continue" busy={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

interface ScanStepProps {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
  onExpired: (message: string) => void;
}

function ScanStep({ setup, onCancel, onEnabled, onExpired }: ScanStepProps) {
  const confirm = useConfirmTwoFactorSetup();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeFormInput, unknown, CodeFormOutput>({ resolver: zodResolver(CodeFormSchema), defaultValues: { code: '' } });
  useEffect(() => headingRef.current?.focus(), []);

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      const result = await confirm.mutateAsync({ setupToken: setup.setupToken, code });
      onEnabled(result.recoveryCodes);
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, ['code'], setError);
      if (details.message === TwoFactorMessages.setupExpired) onExpired(details.message);
      else if (!details.errors?.code) setFormError(details.message ?? 'Could not turn it on. Try again.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="two-factor-scan-heading" className="grid gap-4 border-t border-border pt-4">
      <div className="grid gap-1">
        <h3 id="two-factor-scan-heading" ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
          Scan the QR code
        </h3>
        <p className="text-sm text-muted-foreground">
          Open your authenticator app (such as Google Authenticator, 1Password or Microsoft Authenticator), add an account and
          scan this code.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center">
        <img
          src={setup.qrCode}
          alt="QR code for adding VendVote to your authenticator app"
          width={192}
          height={192}
          className="size-48 justify-self-center rounded-md border border-border bg-white p-2"
        />
        <div className="grid min-w-0 gap-1">
          <p className="text-sm font-medium">Can&apos;t scan it? Enter this key in the app</p>
          <code className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all select-all">
            {setup.manualKey}
          </code>
          <p className="text-xs text-muted-foreground">Time-based, 6 digits.</p>
        </div>
      </div>
      <OneTimeCodeField
        label="6-digit code from the app"
        kind="app"
        aria-required="true"
        error={errors.code?.message}
        className="sm:max-w-xs"
        {...register('code')}
      />
      <FormError message={formError} />
      <FormButtons submitLabel="Turn on" busy={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
