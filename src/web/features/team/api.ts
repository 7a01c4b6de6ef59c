import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MY_TEAMS_API,
  SWITCH_TEAM_API,
  TEAM_API,
  TEAM_INVITATIONS_API,
  TEAM_OWNERSHIP_API,
  invitationApi,
  teamMemberApi,
  type InvitationPreview,
  type InviteInput,
  type MyTeam,
  type Team,
  type TeamInvitation,
} from '../../../shared/teams.schemas.js';
import { memberMachinesApi } from '../../../shared/route.schemas.js';
import type { InvitableRole, TeamRole } from '../../../shared/team-roles.js';
import { apiJson } from '../../lib/api.js';

/** The team in use (members, invitations), the teams of the signed-in person, and an invitation's page. */

export const teamKeys = { team: [TEAM_API] as const, mine: [MY_TEAMS_API] as const, invitation: (token: string) => ['invitation', token] as const };

export const teamQuery = queryOptions<Team>({ queryKey: teamKeys.team });
export const myTeamsQuery = queryOptions<MyTeam[]>({ queryKey: teamKeys.mine });

export const useTeam = () => useQuery(teamQuery);
export const useMyTeams = (enabled = true) => useQuery({ ...myTeamsQuery, enabled });

/** The signed-in person's role in the team in use; undefined until their teams are read. */
export function useTeamRole(enabled = true): TeamRole | undefined {
  return useMyTeams(enabled).data?.find((team) => team.current)?.role;
}

export function useInvitationPreview(token: string) {
  return useQuery({ queryKey: teamKeys.invitation(token), queryFn: () => apiJson<InvitationPreview>('GET', invitationApi(token)), retry: false });
}

/** A change to the team: the member list and the switcher read again. */
function useTeamChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: teamKeys.team }), queryClient.invalidateQueries({ queryKey: teamKeys.mine })]),
  });
}

export const useInvite = () => useTeamChange((input: InviteInput) => apiJson<TeamInvitation>('POST', TEAM_INVITATIONS_API, input));
export const useRevokeInvitation = () => useTeamChange((id: number) => apiJson<{ id: number; deleted: true }>('DELETE', `${TEAM_INVITATIONS_API}/${id}`));
export const useChangeRole = () => useTeamChange(({ userId, role }: { userId: number; role: InvitableRole }) => apiJson<{ ok: true }>('PATCH', teamMemberApi(userId), { role }));
export const useRemoveMember = () => useTeamChange((userId: number) => apiJson<{ ok: true }>('DELETE', teamMemberApi(userId)));
export const useAssignMachines = () =>
  useTeamChange(({ userId, machineIds }: { userId: number; machineIds: number[] }) => apiJson<{ userId: number; machineIds: number[] }>('PUT', memberMachinesApi(userId), { machineIds }));
export const useHandOver = () => useTeamChange((userId: number) => apiJson<{ ok: true }>('POST', TEAM_OWNERSHIP_API, { userId }));

/** Working in another team changes every figure: everything cached is read again. */
export function useSwitchTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: number) => apiJson<{ ok: true }>('POST', SWITCH_TEAM_API, { teamId }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ ok: true }>('POST', `${invitationApi(token)}/accept`),
    // Everything is the new team's now, but the spent invitation: read again, it would say it is no longer valid.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'invitation' }),
  });
}
