import { BellRing, CheckCircle2, GraduationCap } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useRequestEducationNotice } from '../api.js';

interface ComingSoonProps {
  /** Already asked (the server remembers it): the confirmation shows instead of the button. */
  notifyRequested: boolean;
  /** Only examples are listed below: the panel says so and leaves the page to them. */
  examplesBelow?: boolean;
}

/**
 * What the directory holds when no real educator is listed (plainly: nothing yet, or examples only),
 * and the wish to be mailed once when the first one is.
 */
export function ComingSoon({ notifyRequested, examplesBelow = false }: ComingSoonProps) {
  const notify = useRequestEducationNotice();

  const requestNotice = () =>
    notify.mutate(undefined, {
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        toast({ title: 'Could not save your request', description: readApiError(error).message ?? 'Please try again.', variant: 'destructive' });
      },
    });

  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center" data-testid="education-coming-soon">
      <GraduationCap className="size-12 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-xl font-semibold">{examplesBelow ? 'No educators are listed yet' : 'The education directory is empty'}</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        {examplesBelow
          ? 'The entries below are examples of what a listing will look like; they are not real schools or teachers.'
          : 'No courses or teachers are listed yet. Admins add them here.'}{' '}
        Get Notified and we will email you once, when the first real educator is listed.
      </p>
      <div role="status" className="grid justify-items-center">
        {notifyRequested ? (
          <p className="flex items-center gap-2 text-sm font-medium text-success-soft-foreground">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            You're on the list: we'll email you when educational resources are available.
          </p>
        ) : null}
      </div>
      {notifyRequested ? null : (
        <Button onClick={requestNotice} loading={notify.isPending}>
          {notify.isPending ? null : <BellRing className="size-4" aria-hidden="true" />}
          Get Notified When Available
        </Button>
      )}
    </Card>
  );
}
