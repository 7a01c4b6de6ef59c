import { useId } from 'react';
import { useNavigate } from 'react-router';
import { ROLE_NAMES } from '../../../../shared/teams.schemas.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { cn } from '../../../lib/cn.js';
import { paths } from '../../../lib/paths.js';
import { useMyTeams, useSwitchTeam } from '../api.js';

/**
 * The team in use, and the switch to another, for a person in more than one (decision 0054); the
 * sidebar shows nothing for one team. Switching reads every page's figures again, from the dashboard.
 */
export function TeamSwitcher() {
  const teams = useMyTeams();
  const switchTeam = useSwitchTeam();
  const navigate = useNavigate();
  const id = useId();
  if (!teams.data || teams.data.length < 2) return null;
  const current = teams.data.find((team) => team.current);

  const onChange = (teamId: number) =>
    switchTeam.mutate(teamId, {
      onSuccess: () => void navigate(paths.dashboard),
      onError: (error) => {
        if (!isUnauthorizedError(error)) toast({ title: 'The team could not be switched', description: readApiError(error).message, variant: 'destructive' });
      },
    });

  return (
    <div className="grid gap-1" data-testid="team-switcher">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        Team
      </label>
      <select
        id={id}
        value={current?.teamId ?? ''}
        disabled={switchTeam.isPending}
        onChange={(event) => onChange(Number(event.target.value))}
        className={cn(
          'h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm text-foreground',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        )}
      >
        {teams.data.map((team) => (
          <option key={team.teamId} value={team.teamId}>
            {team.name} ({ROLE_NAMES[team.role]})
          </option>
        ))}
      </select>
    </div>
  );
}
