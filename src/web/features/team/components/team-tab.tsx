import { zodResolver } from '@hookform/resolvers/zod';
import { Crown, Mail, Send, Trash2, UserMinus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { INVITABLE_ROLES, type InvitableRole } from '../../../../shared/team-roles.js';
import { InviteInputSchema, ROLE_NAMES, type Team, type TeamInvitation, type TeamMember } from '../../../../shared/teams.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { SubmitButton } from '../../../components/ui/form-buttons.js';
import { FormError } from '../../../components/ui/form-error.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { RadioCards } from '../../../components/ui/radio-cards.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { cn } from '../../../lib/cn.js';
import { formatDate } from '../../../lib/dates.js';
import { paths } from '../../../lib/paths.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { SettingsCardSkeleton } from '../../settings/components/settings-skeleton.js';
import { useMachines } from '../../machines/api.js';
import { AssignMachinesButton, assignedMachinesText } from './machine-assignment.js';
import { useChangeRole, useHandOver, useInvite, useRemoveMember, useRevokeInvitation, useTeam } from '../api.js';

/** What each role may do, as the invite form and the member list explain it (decision 0054). */
export const ROLE_HINTS: Record<InvitableRole, string> = {
  manager: 'Everything but billing, the plan, members’ roles and the account.',
  driver: 'The machines assigned to them: their route, pick lists, visits and issues.',
  viewer: 'Reads dashboards, analytics and exports; changes nothing.',
};

type FormInput = z.input<typeof InviteInputSchema>;
type FormOutput = z.output<typeof InviteInputSchema>;
const EMPTY: FormInput = { email: '', role: 'driver' };

/** Settings › Team: who works in the team in use, with what role, and the invitations out. */
export function TeamTab() {
  const team = useTeam();
  if (team.isPending) return <SettingsCardSkeleton label="Loading your team" rows={3} />;
  if (team.isError) return <LoadError what="your team" error={team.error} onRetry={() => void team.refetch()} retrying={team.isRefetching} />;
  const canInvite = team.data.yourRole === 'owner' || team.data.yourRole === 'manager';
  return (
    <div className="grid min-w-0 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{team.data.name}</CardTitle>
          <CardDescription>
            You are {team.data.yourRole === 'owner' ? 'the owner' : `a ${ROLE_NAMES[team.data.yourRole].toLowerCase()}`} of this team.
            {team.data.memberLimit === null ? ' Your plan includes unlimited members.' : ` Your plan includes ${team.data.memberLimit} ${team.data.memberLimit === 1 ? 'member' : 'members'} besides the owner.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <MemberList team={team.data} />
        </CardContent>
      </Card>
      {canInvite ? <InviteCard team={team.data} /> : null}
    </div>
  );
}

function MemberList({ team }: { team: Team }) {
  const manages = team.yourRole === 'owner' || team.yourRole === 'manager';
  // Only those who assign machines read the machine list; a driver or viewer sees names where they can.
  const machines = useMachines(manages);
  const machineNames = new Map((machines.data ?? []).map((machine) => [machine.id, machine.name]));
  return (
    <ul className="grid divide-y divide-border" aria-label="Members">
      {team.members.map((member) => (
        <MemberRow key={member.userId} member={member} team={team} manages={manages} machineNames={machineNames} />
      ))}
    </ul>
  );
}

function MemberRow({ member, team, manages, machineNames }: { member: TeamMember; team: Team; manages: boolean; machineNames: Map<number, string> }) {
  const ownerActs = team.yourRole === 'owner' && !member.you && member.role !== 'owner';
  const name = `${member.firstName} ${member.lastName}`.trim();
  const visits = member.role !== 'viewer' && manages;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0" data-testid="team-member">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{name}</span>
          {member.you ? <Badge variant="secondary">You</Badge> : null}
          {ownerActs ? null : <Badge variant={member.role === 'owner' ? 'info' : 'secondary'}>{ROLE_NAMES[member.role]}</Badge>}
        </div>
        <p className="text-sm break-all text-muted-foreground">{member.email}</p>
        <p className="text-xs text-muted-foreground">
          Joined <time dateTime={member.joinedAt}>{formatDate(member.joinedAt)}</time>
        </p>
        {visits ? (
          <p className="text-sm break-words" data-testid="member-machines">
            {assignedMachinesText(member, machineNames)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {visits ? <AssignMachinesButton member={member} name={name} /> : null}
        {ownerActs ? <OwnerActions member={member} name={name} /> : null}
      </div>
    </li>
  );
}

const SELECT = cn(
  'h-10 rounded-md border border-input bg-background px-3 text-base text-foreground sm:text-sm',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
);

/** What the owner does to another member: change the role, hand the team over to a manager, remove. */
function OwnerActions({ member, name }: { member: TeamMember; name: string }) {
  const changeRole = useChangeRole();
  const handOver = useHandOver();
  const remove = useRemoveMember();
  const selectId = useId();
  const failed = (title: string) => (error: unknown) => {
    if (isUnauthorizedError(error)) return;
    toast({ title, description: readApiError(error).message, variant: 'destructive' });
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="sr-only">
        Role of {name}
      </label>
      <select
        id={selectId}
        className={SELECT}
        value={member.role}
        disabled={changeRole.isPending}
        onChange={(event) =>
          changeRole.mutate(
            { userId: member.userId, role: event.target.value as InvitableRole },
            { onSuccess: () => toast({ title: 'Role changed', description: `${name} is now ${ROLE_NAMES[event.target.value as InvitableRole].toLowerCase()}.` }), onError: failed('The role could not be changed') },
          )
        }
      >
        {INVITABLE_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_NAMES[role]}
          </option>
        ))}
      </select>
      {member.role === 'manager' ? (
        <ConfirmAction
          trigger={
            <Button variant="outline" size="sm" loading={handOver.isPending}>
              {handOver.isPending ? null : <Crown className="size-4" aria-hidden="true" />}
              Make owner
            </Button>
          }
          title={`Hand the team over to ${name}?`}
          description="They become the owner, with billing, the plan and the members; you become a manager. Only they can hand it back."
          confirmLabel="Hand over"
          onConfirm={() => handOver.mutateAsync(member.userId).then(() => toast({ title: 'Ownership handed over', description: `${name} owns the team now.` }), failed('Ownership could not be handed over'))}
          waitForAction
        />
      ) : null}
      <ConfirmAction
        trigger={
          <Button variant="outline" size="sm" loading={remove.isPending} aria-label={`Remove ${name}`}>
            {remove.isPending ? null : <UserMinus className="size-4" aria-hidden="true" />}
            Remove
          </Button>
        }
        title={`Remove ${name} from the team?`}
        description="They are signed out of this team at once and their API tokens for it stop working. What they recorded stays."
        confirmLabel="Remove member"
        confirmVariant="destructive"
        onConfirm={() => remove.mutateAsync(member.userId).then(() => toast({ title: 'Member removed', description: `${name} is no longer in the team.` }), failed('The member could not be removed'))}
        waitForAction
      />
    </div>
  );
}

function InviteCard({ team }: { team: Team }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite someone</CardTitle>
        <CardDescription>They get a link by email, good for 7 days. With it they join with the role you choose, or make an account first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {team.limitMessage ? (
          <p className="rounded-md border border-border bg-muted p-3 text-sm" data-testid="member-limit">
            {team.limitMessage}{' '}
            <Link to={paths.pricing} className="font-medium text-primary underline underline-offset-4">
              See the plans
            </Link>
          </p>
        ) : (
          <InviteForm />
        )}
        <InvitationList invitations={team.invitations} />
      </CardContent>
    </Card>
  );
}

function InviteForm() {
  const invite = useInvite();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(InviteInputSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      const sent = await invite.mutateAsync(input);
      reset(EMPTY);
      toast({ title: 'Invitation sent', description: `${sent.email} can join as ${ROLE_NAMES[sent.role].toLowerCase()} until ${formatDate(sent.expiresAt)}.` });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, ['email', 'role'] as const, setError);
      if (!details.errors) setFormError(details.message ?? 'The invitation could not be sent. Please try again.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Invite a member" className="grid gap-4">
      <TextField label="Email address" type="email" autoComplete="off" aria-required="true" error={errors.email?.message} {...register('email')} />
      <RadioCards
        legend="Role"
        columns={3}
        options={INVITABLE_ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role], hint: ROLE_HINTS[role] }))}
        registration={register('role')}
        error={errors.role?.message}
      />
      <FormError message={formError} />
      <SubmitButton busy={isSubmitting} icon={<Send className="size-4" aria-hidden="true" />}>
        Send invitation
      </SubmitButton>
    </form>
  );
}

function InvitationList({ invitations }: { invitations: readonly TeamInvitation[] }) {
  if (invitations.length === 0) return <p className="text-sm text-muted-foreground">No invitations are waiting.</p>;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">Waiting to be accepted ({invitations.length})</h3>
      <ul className="grid divide-y divide-border" aria-label="Invitations">
        {invitations.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </div>
  );
}

function InvitationRow({ invitation }: { invitation: TeamInvitation }) {
  const revoke = useRevokeInvitation();
  const onRevoke = async () => {
    try {
      await revoke.mutateAsync(invitation.id);
      toast({ title: 'Invitation revoked', description: `The link sent to ${invitation.email} no longer works.` });
    } catch (error) {
      if (isUnauthorizedError(error) || readApiError(error).status === 404) return;
      toast({ title: 'The invitation could not be revoked', description: readApiError(error).message, variant: 'destructive' });
    }
  };
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0" data-testid="team-invitation">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
          <span className="font-medium break-all">{invitation.email}</span>
          <Badge variant="secondary">{ROLE_NAMES[invitation.role]}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          {invitation.invitedBy ? `Sent by ${invitation.invitedBy}` : 'Sent'} · good until <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>
        </p>
      </div>
      <ConfirmAction
        trigger={
          <Button variant="outline" size="sm" loading={revoke.isPending} aria-label={`Revoke the invitation to ${invitation.email}`}>
            {revoke.isPending ? null : <Trash2 className="size-4" aria-hidden="true" />}
            Revoke
          </Button>
        }
        title={`Revoke the invitation to ${invitation.email}?`}
        description="The link in their mail stops working. You can invite them again later."
        confirmLabel="Revoke invitation"
        onConfirm={onRevoke}
        waitForAction
      />
    </li>
  );
}
