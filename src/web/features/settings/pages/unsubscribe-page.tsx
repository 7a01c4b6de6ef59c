import { useMutation } from '@tanstack/react-query';
import { BellOff, BellRing, LinkIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { NOTICE_NAMES, UNSUBSCRIBABLE, UnsubscribeMessages, type Unsubscribable, type UnsubscribeResult } from '../../../../shared/notifications.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { CardContent, CardFooter } from '../../../components/ui/card.js';
import { apiJson, readApiError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { AuthLayout } from '../../auth/components/auth-layout.js';

const post = (action: 'unsubscribe' | 'resubscribe', token: string) =>
  apiJson<UnsubscribeResult>('POST', `/api/notifications/${action}?token=${encodeURIComponent(token)}`, {});

/** The notice a link names (`{account}.{notice}.{signature}`), for the question; the server checks the rest. */
function noticeOfToken(token: string): Unsubscribable | undefined {
  const notice = token.split('.')[1];
  return (UNSUBSCRIBABLE as readonly string[]).includes(notice ?? '') ? (notice as Unsubscribable) : undefined;
}

/**
 * /unsubscribe?token=…: the link at the foot of a notice. No sign-in is asked; one click on the page
 * turns the notice off (opening the page alone does not, since mail scanners open links and some run
 * their scripts), and it can be turned back on here in case it was a slip. Mail programs that offer
 * their own unsubscribe button use the one-click POST named in the List-Unsubscribe headers instead.
 */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const unsubscribe = useMutation({ mutationFn: () => post('unsubscribe', token) });
  const resubscribe = useMutation({ mutationFn: () => post('resubscribe', token) });
  const notice = noticeOfToken(token);

  const failed = !token || !notice || unsubscribe.isError;
  if (failed) {
    // Only a refused link is 'not valid'; a busy server or a lost connection is worth another try.
    const refused = !token || !notice || readApiError(unsubscribe.error).status === 404;
    return (
      <AuthLayout
        title={refused ? 'Unsubscribe link not valid' : 'Could not unsubscribe'}
        description={refused ? UnsubscribeMessages.invalidLink : (readApiError(unsubscribe.error).message ?? 'Something went wrong. Try again in a moment.')}
        icon={<LinkIcon className="size-6" aria-hidden="true" />}
      >
        <CardFooter>
          {refused ? null : (
            <Button className="w-full" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
              Try again
            </Button>
          )}
          <Link to={paths.settings} className={buttonClasses({ className: 'w-full' })}>
            Open notification settings
          </Link>
        </CardFooter>
      </AuthLayout>
    );
  }

  if (!unsubscribe.isSuccess) {
    return (
      <AuthLayout
        title="Unsubscribe?"
        description={`${NOTICE_NAMES[notice]} will no longer be emailed to you. Other notifications are unchanged.`}
        icon={<BellOff className="size-6" aria-hidden="true" />}
      >
        <CardFooter className="flex flex-col gap-2">
          <Button className="w-full" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
            Unsubscribe
          </Button>
          <Link to={`${paths.settings}?tab=notifications`} className={buttonClasses({ variant: 'ghost', className: 'w-full' })}>
            All notification settings
          </Link>
        </CardFooter>
      </AuthLayout>
    );
  }

  const result = resubscribe.data ?? unsubscribe.data;
  const name = NOTICE_NAMES[result.notice];
  return (
    <AuthLayout
      title={result.subscribed ? 'Subscribed again' : 'Unsubscribed'}
      description={result.message}
      icon={result.subscribed ? <BellRing className="size-6" aria-hidden="true" /> : <BellOff className="size-6" aria-hidden="true" />}
    >
      <CardContent>
        <p role="status" className="text-center text-sm text-muted-foreground">
          {result.subscribed ? `${name} is on again.` : `${name} is now off. Other notifications are unchanged.`}
        </p>
        {resubscribe.isError ? (
          <Alert variant="destructive" className="mt-3">
            <p>{readApiError(resubscribe.error).message ?? 'Could not turn it back on. Try again, or use Settings.'}</p>
          </Alert>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-col gap-2">
        {result.subscribed ? null : (
          <Button variant="outline" className="w-full" loading={resubscribe.isPending} onClick={() => resubscribe.mutate()}>
            Turn it back on
          </Button>
        )}
        <Link to={`${paths.settings}?tab=notifications`} className={buttonClasses({ variant: 'ghost', className: 'w-full' })}>
          All notification settings
        </Link>
      </CardFooter>
    </AuthLayout>
  );
}
