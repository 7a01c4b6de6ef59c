import { CalendarClock } from 'lucide-react';
import { SignOutButton } from '../../../components/sign-out-button.js';
import { Button } from '../../../components/ui/button.js';
import { CardContent, CardFooter } from '../../../components/ui/card.js';
import { toast } from '../../../components/ui/use-toast.js';
import { readApiError } from '../../../lib/api.js';
import { formatDate } from '../../../lib/dates.js';
import { useKeepAccount } from '../api.js';
import { AuthLayout } from '../components/auth-layout.js';

/**
 * What an account whose deletion waits out its grace period sees after signing in, in place of
 * every page of the app: keep the account, or sign out and let the deletion go ahead.
 */
export function DeletionPendingPage({ eraseAfter }: { eraseAfter: string }) {
  const keep = useKeepAccount();
  const keepAccount = () =>
    keep.mutate(undefined, {
      onSuccess: (result) => toast({ title: 'Account kept', description: result.message }),
    });

  return (
    <AuthLayout
      title="Your account is scheduled for deletion"
      description={
        <>
          It will be erased on <time dateTime={eraseAfter}>{formatDate(eraseAfter, 'long')}</time>, with everything it holds. Until then you can
          keep it.
        </>
      }
      icon={<CalendarClock className="size-6" aria-hidden="true" />}
    >
      <CardContent>
        <p className="text-sm text-muted-foreground">
          Keeping it opens your machines' vote pages again. A subscription that was cancelled stays cancelled: choose a plan again on the pricing page
          if you need one.
        </p>
        {keep.isError ? (
          <p role="alert" className="mt-3 text-sm font-medium text-destructive-text">
            {readApiError(keep.error).message ?? 'Your account could not be kept. Please try again.'}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex-col gap-2">
        <Button className="w-full" onClick={keepAccount} loading={keep.isPending}>
          Keep my account
        </Button>
        <SignOutButton variant="outline" size="md" className="w-full" label="Sign out and keep it scheduled" />
      </CardFooter>
    </AuthLayout>
  );
}
