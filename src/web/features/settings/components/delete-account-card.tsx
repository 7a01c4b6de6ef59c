import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DELETION_GRACE_DAYS, DeleteAccountSchema, type DeleteAccountInput } from '../../../../shared/account-data.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { PasswordField, TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useDeleteAccount } from '../account-data-api.js';
import { useTwoFactorStatus } from '../api.js';

const EMPTY: DeleteAccountInput = { password: '', code: '' };

/**
 * Settings → Delete my account: the password (and a code when two-factor sign-in is on) first,
 * then one confirmation that says what happens. The account is erased after the grace period.
 */
export function DeleteAccountCard() {
  const twoFactor = useTwoFactorStatus();
  const deleteAccount = useDeleteAccount();
  const [confirming, setConfirming] = useState<DeleteAccountInput | null>(null);
  const needsCode = twoFactor.data?.enabled ?? false;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteAccountInput>({ resolver: zodResolver(DeleteAccountSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit((input) => {
    if (needsCode && !input.code?.trim()) {
      setError('code', { type: 'required', message: 'Enter the code from your authenticator app, or a recovery code.' });
      return;
    }
    setConfirming({ password: input.password, ...(needsCode ? { code: input.code } : {}) });
  });

  const confirm = async () => {
    if (!confirming) return;
    try {
      await deleteAccount.mutateAsync(confirming);
    } catch (error) {
      setConfirming(null);
      if (isUnauthorizedError(error)) return;
      const details = readApiError(error);
      if (details.errors?.password) setError('password', { type: 'server', message: details.errors.password });
      if (details.errors?.code) setError('code', { type: 'server', message: details.errors.code });
      toast({ title: 'Your account was not deleted', description: details.message, variant: 'destructive' });
    }
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete my account</CardTitle>
        <CardDescription>
          Your subscription is cancelled, every device is signed out and your machines' vote pages close at once. After {DELETION_GRACE_DAYS} days we
          erase the account and everything it holds; until then, signing in lets you undo it. Paid invoices are kept without your details.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Delete my account" className="grid gap-4">
          <PasswordField label="Your password" error={errors.password?.message} {...register('password')} />
          {needsCode ? (
            <TextField
              label="Authenticator code or recovery code"
              autoComplete="one-time-code"
              inputMode="text"
              aria-required="true"
              error={errors.code?.message}
              {...register('code')}
            />
          ) : null}
          <div>
            <Button type="submit" variant="destructive" icon={<Trash2 className="size-4" aria-hidden="true" />}>
              Delete my account
            </Button>
          </div>
        </form>
        <ConfirmAction
          open={confirming !== null}
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          title="Delete your account?"
          description={`You will be signed out everywhere and your vote pages will stop working now. Everything is erased in ${DELETION_GRACE_DAYS} days unless you sign in and keep your account.`}
          confirmLabel="Delete my account"
          cancelLabel="Keep my account"
          onConfirm={confirm}
          waitForAction
        />
      </CardContent>
    </Card>
  );
}
