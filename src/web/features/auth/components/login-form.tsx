import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { AuthMessages, LoginSchema, type LoginInput } from '../../../../shared/auth.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { CardContent } from '../../../components/ui/card.js';
import { Checkbox } from '../../../components/ui/checkbox.js';
import { Label } from '../../../components/ui/label.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { readApiError } from '../../../lib/api.js';
import { pathAfterSignIn } from '../../../lib/auth.js';
import { paths } from '../../../lib/paths.js';
import { useLogin, useRefreshCurrentUser } from '../api.js';
import { ResendVerificationButton } from './resend-verification-button.js';
import { TwoFactorStep } from './two-factor-step.js';
import { useIntentCheckout } from '../../billing/use-intent-checkout.js';

/** Spec 9: pause between the welcome notice and leaving the sign-in page. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

interface LoginFormProps {
  /** The page asked for, already checked to be a same-site path; without one the account's own dashboard. */
  next: string | null;
  /** The way to join for someone without an account: the operators' sign-up or the affiliate program's. */
  signUp: { href: string; label: string };
  onSignedIn: () => void;
}

export function LoginForm({ next, signUp, onSignedIn }: LoginFormProps) {
  const navigate = useNavigate();
  const refreshCurrentUser = useRefreshCurrentUser();
  const login = useLogin();
  const intentCheckout = useIntentCheckout();
  const [failure, setFailure] = useState<string | null>(null);
  // With two-factor on, the password only opens the second step (two-factor-step.tsx).
  const [askForCode, setAskForCode] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, z.output<typeof LoginSchema>>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  // The greeting is the server's: it knows whether the account ever signed in before.
  const finishSignIn = async (welcome: string) => {
    onSignedIn();
    toast({ title: welcome });
    // Operator pages read the cached user, so wait for the fresh GET /api/auth/me before leaving.
    const user = await refreshCurrentUser();
    // A plan chosen before signing up (verified on another device, say) opens its checkout now;
    // affiliates have no plan to buy, and their page is the affiliate dashboard.
    if (user?.role !== 'affiliate' && (await intentCheckout.start())) return;
    setTimeout(() => navigate(pathAfterSignIn(user, next), { replace: true }), LOGIN_REDIRECT_DELAY_MS);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await login.mutateAsync(values);
      if ('twoFactorRequired' in result) {
        setAskForCode(true);
        return;
      }
      await finishSignIn(result.message);
    } catch (error) {
      setFailure(readApiError(error).message ?? AuthMessages.invalidCredentials);
      toast({
        title: 'Sign in failed',
        description: 'Please check your credentials and try again.',
        variant: 'destructive',
      });
    }
  });

  const needsVerification = failure === AuthMessages.verifyBeforeSignIn;

  if (askForCode) {
    const startOver = () => {
      resetField('password');
      setAskForCode(false);
    };
    return <TwoFactorStep onSignedIn={finishSignIn} onStartOver={startOver} />;
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <CardContent className="grid gap-4">
        {failure ? (
          <Alert variant="destructive">
            <p>{failure}</p>
            {needsVerification ? (
              <ResendVerificationButton email={getValues('email').trim()} className="mt-1 w-full" />
            ) : null}
          </Alert>
        ) : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          labelAside={
            <Link to={paths.forgotPassword} className="text-sm font-medium text-primary hover:underline">
              Forgot password?
            </Link>
          }
          {...register('password')}
        />
        <div className="flex items-center gap-2">
          <Checkbox id="login-remember-me" {...register('rememberMe')} />
          <Label htmlFor="login-remember-me">Remember me</Label>
        </div>
        <p className="-mt-2 text-xs text-muted-foreground">Keeps you signed in on this device for 30 days.</p>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Sign In
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Don&apos;t have an account?{' '}
          <Link to={signUp.href} className="font-medium text-primary hover:underline">
            {signUp.label}
          </Link>
        </p>
      </CardContent>
    </form>
  );
}
