import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LogOut } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { SecurityMessages, type ChangePassword, type Security, type SessionView } from '../../../../shared/security.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { SubmitButton } from '../../../components/ui/form-buttons.js';
import { Label } from '../../../components/ui/label.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Switch } from '../../../components/ui/switch.js';
import { PasswordField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useChangePassword, useSecurity, useSignOutOtherSessions, useSignOutSession, useUpdateLoginAlerts } from '../api.js';
import { CHANGE_PASSWORD_FIELDS, ChangePasswordFormSchema, EMPTY_CHANGE_PASSWORD, placeLabel } from '../settings-forms.js';
import { toastSaveFailed } from './save-toasts.js';
import { SettingsCardSkeleton } from './settings-skeleton.js';
import { TwoFactorCard } from './two-factor-card.js';
import { ApiTokensCard } from './api-tokens-card.js';
import { SecurityEventsCard } from './security-events-card.js';
import { DeleteAccountCard } from './delete-account-card.js';
import { DownloadDataCard } from './download-data-card.js';
import { fieldErrorsFor } from '../../../lib/server-field-errors.js';
import { formatDate, formatDateTime } from '../../../lib/dates.js';


/** The password, two-factor sign-in, login alerts, the signed-in devices (spec extended 3), API tokens and the account's recent security activity. */
/** The password, two-factor sign-in, login alerts, the signed-in devices (spec extended 3), API tokens, and the account's data. */
export function SecurityTab() {
  const security = useSecurity();

  if (security.isPending) return <SettingsCardSkeleton label="Loading security" rows={5} />;
  if (security.isError) {
    return (
      <LoadError what="your security settings" error={security.error} onRetry={() => void security.refetch()} retrying={security.isRefetching} />
    );
  }

  return (
    <div className="grid gap-6">
      <PasswordCard passwordLastChanged={security.data.passwordLastChanged} />
      <TwoFactorCard />
      <LoginAlertsCard loginAlerts={security.data.loginAlerts} />
      <DevicesCard sessions={security.data.sessions} />
      <ApiTokensCard />
      <SecurityEventsCard />
      <DownloadDataCard />
      <DeleteAccountCard />
    </div>
  );
}

function PasswordCard({ passwordLastChanged }: { passwordLastChanged: Security['passwordLastChanged'] }) {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePassword>({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY_CHANGE_PASSWORD });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const result = await changePassword.mutateAsync(input);
      reset(EMPTY_CHANGE_PASSWORD);
      toast({ title: result.message });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = toastSaveFailed(error);
      for (const [field, message] of fieldErrorsFor(CHANGE_PASSWORD_FIELDS, details.errors)) setError(field, { type: 'server', message });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>
          Password last changed: <time dateTime={passwordLastChanged}>{formatDate(passwordLastChanged)}</time>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Change password" className="grid gap-4">
          <PasswordField label="Current password" error={errors.currentPassword?.message} {...register('currentPassword')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField label="New password" purpose="new" error={errors.newPassword?.message} {...register('newPassword')} />
            <PasswordField label="Confirm new password" purpose="new" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
          </div>
          <p className="text-sm text-muted-foreground">Changing your password signs out your other devices.</p>
          <SubmitButton busy={isSubmitting} icon={<KeyRound className="size-4" aria-hidden="true" />}>
            Change password
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}

function LoginAlertsCard({ loginAlerts }: { loginAlerts: boolean }) {
  const update = useUpdateLoginAlerts();
  const id = useId();
  const toggle = (on: boolean) =>
    update.mutate(on, {
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        toastSaveFailed(error);
      },
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in</CardTitle>
        <CardDescription>Changes are saved as soon as you make them.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4">
          <div className="grid min-w-0 gap-1">
            <Label htmlFor={id}>Login alerts</Label>
            <p id={`${id}-description`} className="text-sm text-muted-foreground">
              Email me when my account signs in from a browser it has not used before
            </p>
          </div>
          <Switch id={id} checked={loginAlerts} onCheckedChange={toggle} aria-describedby={`${id}-description`} />
        </div>
      </CardContent>
    </Card>
  );
}

function DevicesCard({ sessions }: { sessions: readonly SessionView[] }) {
  const signOutOthers = useSignOutOtherSessions();
  const others = sessions.filter((session) => !session.current).length;

  const confirmSignOutOthers = async () => {
    try {
      const result = await signOutOthers.mutateAsync();
      toast({ title: 'Signed out', description: `${result.signedOut} ${result.signedOut === 1 ? 'device was' : 'devices were'} signed out.` });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toastSaveFailed(error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Signed-in devices</CardTitle>
        <CardDescription>The browsers where your account is signed in now.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid divide-y divide-border" aria-label="Signed-in devices">
          {sessions.map((session) => (
            <DeviceRow key={session.id} session={session} />
          ))}
        </ul>
        {others > 0 ? (
          <div className="border-t border-border pt-4">
            <ConfirmAction
              trigger={
                <Button variant="outline" className="w-full sm:w-fit" loading={signOutOthers.isPending}>
                  {signOutOthers.isPending ? null : <LogOut className="size-4" aria-hidden="true" />}
                  Sign out all other devices
                </Button>
              }
              title="Sign out all other devices?"
              description="Every browser but this one will have to sign in again."
              confirmLabel="Sign out other devices"
              onConfirm={confirmSignOutOthers}
              waitForAction
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DeviceRow({ session }: { session: SessionView }) {
  const signOut = useSignOutSession();
  const place = placeLabel(session.place);

  const onSignOut = () =>
    signOut.mutate(session.id, {
      onSuccess: () => toast({ title: 'Signed out', description: session.device }),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        // Already gone (signed out elsewhere): the refreshed list says so.
        const details = readApiError(error);
        if (details.message === SecurityMessages.sessionNotFound) return;
        toastSaveFailed(error);
      },
    });

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{session.device}</span>
          {session.current ? <Badge variant="success">This device</Badge> : null}
        </div>
        {place ? <p className="text-sm text-muted-foreground">{place}</p> : null}
        <p className="text-sm text-muted-foreground">
          Signed in <time dateTime={session.signedInAt}>{formatDate(session.signedInAt)}</time>
          {session.lastSeenAt ? (
            <>
              {' · '}Last active <time dateTime={session.lastSeenAt}>{formatDateTime(session.lastSeenAt)}</time>
            </>
          ) : null}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          loading={signOut.isPending}
          aria-label={`Sign out ${session.device}${place ? `, ${place}` : ''}`}
          onClick={onSignOut}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
