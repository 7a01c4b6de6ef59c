import { useMutation } from '@tanstack/react-query';
import { BellOff, BellRing, LinkIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NOTICE_NAMES, UnsubscribeMessages, type UnsubscribeResult } from '../../../../shared/notifications.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { CardContent, CardFooter } from '../../../components/ui/card.js';
import { apiJson, readApiError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { AuthLayout } from '../../auth/components/auth-layout.js';

const post = (action: 'unsubscribe' | 'resubscribe', token: string) =>
  apiJson<UnsubscribeResult>('POST', `/api/notifications/${action}?token=${encodeURIComponent(token)}`, {});

/**
 * /unsubscribe?token=…: the link at the foot of a notice. Opening it is the one click: the notice is
 * turned off at once, no sign-in asked, and can be turned back on here in case it was a slip.
 */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const unsubscribe = useMutation({ mutationFn: () => post('unsubscribe', token) });
  const resubscribe = useMutation({ mutationFn: () => post('resubscribe', token) });
  const started = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (!token || started.current) return;
    started.current = true;
    unsubscribe.mutate();
  }, [token, unsubscribe]);

  const failed = !token || unsubscribe.isError;
  if (failed) {
    // Only a refused link is 'not valid'; a busy server or a lost connection is worth another try.
    const refused = !token || readApiError(unsubscribe.error).status === 404;
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
      <AuthLayout title="Unsubscribing…" description="One moment." icon={<BellOff className="size-6" aria-hidden="true" />}>
        <CardContent>
          <p role="status" className="text-center text-sm text-muted-foreground">
            Turning this notification off…
          </p>
        </CardContent>
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
