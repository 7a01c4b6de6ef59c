import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { OneTimeCodeSchema, TotpCodeSchema, TwoFactorMessages } from '../../../../shared/two-factor.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { CardContent } from '../../../components/ui/card.js';
import { OneTimeCodeField } from '../../../components/ui/one-time-code-field.js';
import { readApiError } from '../../../lib/api.js';
import { useLoginWithCode } from '../api.js';

type CodeKind = 'app' | 'recovery';

const FORM_SCHEMAS = {
  app: z.object({ code: TotpCodeSchema }),
  recovery: z.object({
    code: z.string({ error: TwoFactorMessages.recoveryCodeRequired }).pipe(OneTimeCodeSchema.min(1, TwoFactorMessages.recoveryCodeRequired)),
  }),
} as const;

/** Answers that mean the password step must be done again: the challenge is gone. */
const CHALLENGE_GONE: readonly string[] = [TwoFactorMessages.signInExpired, TwoFactorMessages.tooManyTries];

interface TwoFactorStepProps {
  /** The session has started; the form finishes as after a password-only sign-in. */
  onSignedIn: (welcome: string) => Promise<void>;
  /** Back to the email and password. */
  onStartOver: () => void;
}

/** The second step of signing in: the authenticator app's code, or one of the recovery codes. */
export function TwoFactorStep({ onSignedIn, onStartOver }: TwoFactorStepProps) {
  const [kind, setKind] = useState<CodeKind>('app');
  const [gone, setGone] = useState<string | null>(null);

  if (gone) {
    return (
      <CardContent className="grid gap-4">
        <Alert variant="destructive">
          <p>{gone}</p>
        </Alert>
        {/* The form that had focus is gone: the way on takes it. */}
        <Button size="lg" className="w-full" onClick={onStartOver} autoFocus>
          Sign in again
        </Button>
      </CardContent>
    );
  }
  // Keyed by kind: each kind of code is its own form, with its own rule and a fresh, focused field.
  return <CodeForm key={kind} kind={kind} onSwitch={() => setKind(kind === 'app' ? 'recovery' : 'app')} onGone={setGone} onSignedIn={onSignedIn} onStartOver={onStartOver} />;
}

interface CodeFormProps extends TwoFactorStepProps {
  kind: CodeKind;
  onSwitch: () => void;
  onGone: (message: string) => void;
}

function CodeForm({ kind, onSwitch, onGone, onSignedIn, onStartOver }: CodeFormProps) {
  const loginWithCode = useLoginWithCode();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }, unknown, { code: string }>({ resolver: zodResolver(FORM_SCHEMAS[kind]), defaultValues: { code: '' } });
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    let welcome: string;
    try {
      ({ message: welcome } = await loginWithCode.mutateAsync(code));
    } catch (error) {
      const details = readApiError(error);
      if (details.message && CHALLENGE_GONE.includes(details.message)) return onGone(details.message);
      if (details.errors?.code) setError('code', { type: 'server', message: details.errors.code }, { shouldFocus: true });
      else setFailure(details.message ?? 'Could not sign in. Try again.');
      return;
    }
    try {
      await onSignedIn(welcome);
    } catch {
      // The session has started; only loading the account after it failed.
      setFailure('You are signed in, but the page could not load. Please reload it.');
    }
  });

  const app = kind === 'app';
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Two-factor sign-in">
      <CardContent className="grid gap-4">
        {failure ? (
          <Alert variant="destructive">
            <p>{failure}</p>
          </Alert>
        ) : null}
        <OneTimeCodeField
          label={app ? 'Authentication code' : 'Recovery code'}
          kind={app ? 'app' : 'any'}
          placeholder={app ? '123456' : 'xxxxx-xxxxx'}
          // The instructions are the field's description, so a screen reader reads them with it.
          hint={
            app
              ? 'Open your authenticator app and enter the 6-digit code it shows for VendVote.'
              : 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.'
          }
          aria-required="true"
          error={errors.code?.message}
          {...register('code')}
        />
        <Button variant="link" className="justify-self-start" onClick={onSwitch}>
          {app ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
        </Button>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Verify
        </Button>
        <Button variant="ghost" className="w-full" onClick={onStartOver} disabled={isSubmitting}>
          Back to email and password
        </Button>
      </CardContent>
    </form>
  );
}
