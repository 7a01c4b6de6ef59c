import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, LinkIcon, MailCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EmailChangeMessages } from '../../../../shared/security.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { CardContent, CardFooter } from '../../../components/ui/card.js';
import { apiJson, readApiError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { useRefreshCurrentUser } from '../api.js';
import { AuthLayout } from '../components/auth-layout.js';

/**
 * /confirm-email-change?token=…: the link mailed to a new sign-in address. The change waits for a
 * click here, so a mail scanner that opens every link cannot make it.
 */
export function ConfirmEmailChangePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const refreshCurrentUser = useRefreshCurrentUser();
  const confirm = useMutation({
    mutationFn: () => apiJson<{ message: string; email: string }>('POST', '/api/auth/confirm-email-change', { token }),
    onSuccess: () => void refreshCurrentUser(),
  });

  if (!token) {
    return (
      <AuthLayout title="Confirmation link missing" description={EmailChangeMessages.linkInvalid} icon={<LinkIcon className="size-6" aria-hidden="true" />}>
        <CardFooter>
          <Link to={paths.login()} className={buttonClasses({ className: 'w-full' })}>
            Go to Sign In
          </Link>
        </CardFooter>
      </AuthLayout>
    );
  }

  if (confirm.isSuccess) {
    return (
      <AuthLayout title="Email address changed" description={confirm.data.message} icon={<CheckCircle2 className="size-6" aria-hidden="true" />}>
        <CardContent>
          <p role="status" className="text-center text-sm break-all text-muted-foreground">
            You now sign in with <strong className="text-foreground">{confirm.data.email}</strong>.
          </p>
        </CardContent>
        <CardFooter>
          <Link to={paths.dashboard} className={buttonClasses({ className: 'w-full' })}>
            Go to the dashboard
          </Link>
        </CardFooter>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={EmailChangeMessages.confirmTitle}
      description="Make this address the one you sign in to VendVote with."
      icon={<MailCheck className="size-6" aria-hidden="true" />}
    >
      {confirm.isError ? (
        <CardContent>
          <Alert variant="destructive">
            <p>{readApiError(confirm.error).message ?? EmailChangeMessages.linkInvalid}</p>
          </Alert>
        </CardContent>
      ) : null}
      <CardFooter>
        <Button className="w-full" loading={confirm.isPending} onClick={() => confirm.mutate()}>
          Confirm new email
        </Button>
      </CardFooter>
    </AuthLayout>
  );
}
