import { LinkIcon, Loader2, Users } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { InvitationMessages, ROLE_NAMES, type InvitationPreview } from '../../../../shared/teams.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { CardContent, CardFooter } from '../../../components/ui/card.js';
import { PageTitle } from '../../../components/page-title.js';
import { SignOutButton } from '../../../components/sign-out-button.js';
import { readApiError } from '../../../lib/api.js';
import { useAuth } from '../../../lib/auth.js';
import { formatDate } from '../../../lib/dates.js';
import { paths } from '../../../lib/paths.js';
import { AuthLayout } from '../../auth/components/auth-layout.js';
import { ROLE_HINTS } from '../components/team-tab.js';
import { useAcceptInvitation, useInvitationPreview } from '../api.js';

/**
 * /invitations/:token, where a team invitation's mail leads: who invites, to which team and with what
 * role; the invited account accepts here, signed in. Accepting takes a click, so a mail scanner that
 * opens every link cannot join anyone.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  const auth = useAuth();

  if (preview.isPending || auth.isLoading) {
    return (
      <AuthLayout title="Opening the invitation" icon={<Loader2 className="size-6 animate-spin" aria-hidden="true" />}>
        <PageTitle title="Team invitation" />
        <CardContent>
          <p role="status" className="text-center text-sm text-muted-foreground">
            Reading the invitation…
          </p>
        </CardContent>
      </AuthLayout>
    );
  }
  if (preview.isError) {
    const problem = readApiError(preview.error);
    return (
      <AuthLayout
        title={problem.status === 410 ? 'Invitation expired' : 'Invitation not valid'}
        description={problem.message ?? InvitationMessages.invalid}
        icon={<LinkIcon className="size-6" aria-hidden="true" />}
      >
        <PageTitle title="Team invitation" />
        <CardFooter>
          <Link to={paths.home} className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
            Go to VendVote
          </Link>
        </CardFooter>
      </AuthLayout>
    );
  }

  const invitation = preview.data;
  const role = ROLE_NAMES[invitation.role].toLowerCase();
  return (
    <AuthLayout
      title={`Join ${invitation.teamName}`}
      description={`${invitation.invitedBy ?? 'The team'} invites ${invitation.email} to work in ${invitation.teamName} as ${role === 'owner' ? 'the owner' : `a ${role}`}.`}
      icon={<Users className="size-6" aria-hidden="true" />}
    >
      <PageTitle title="Team invitation" />
      <CardContent className="grid gap-2 text-sm">
        <p>
          <strong>{ROLE_NAMES[invitation.role]}:</strong> {ROLE_HINTS[invitation.role]}
        </p>
        <p className="text-muted-foreground">
          The link is good until <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>.
        </p>
      </CardContent>
      <InvitationAction token={token} invitation={invitation} signedInEmail={auth.user?.email ?? null} />
    </AuthLayout>
  );
}

function InvitationAction({ token, invitation, signedInEmail }: { token: string; invitation: InvitationPreview; signedInEmail: string | null }) {
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const here = paths.invitation(token);

  if (signedInEmail === null) {
    return invitation.accountExists ? (
      <CardFooter>
        <Link to={paths.login(here)} className={buttonClasses({ className: 'w-full' })}>
          Sign in as {invitation.email} to accept
        </Link>
      </CardFooter>
    ) : (
      <CardFooter className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          First create your VendVote account with {invitation.email} and confirm the address; then open this link again to join.
        </p>
        <Link to={paths.register} className={buttonClasses({ className: 'w-full' })}>
          Create an account
        </Link>
      </CardFooter>
    );
  }
  if (signedInEmail.toLowerCase() !== invitation.email) {
    return (
      <CardFooter className="grid gap-3">
        <Alert variant="destructive">
          <p>
            You are signed in as {signedInEmail}. {InvitationMessages.wrongAccount(invitation.email)}
          </p>
        </Alert>
        <SignOutButton className="w-full" label="Sign out" />
      </CardFooter>
    );
  }
  return (
    <CardFooter className="grid gap-3">
      {accept.isError ? (
        <Alert variant="destructive">
          <p>{readApiError(accept.error).message ?? 'The invitation could not be accepted. Please try again.'}</p>
        </Alert>
      ) : null}
      <Button className="w-full" loading={accept.isPending} onClick={() => accept.mutate(undefined, { onSuccess: () => void navigate(paths.dashboard) })}>
        Accept and join
      </Button>
    </CardFooter>
  );
}
