import { useId, useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, AuditActionLabels, type AuditAction, type AuditTargetType } from '../../../../shared/audit.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { cn } from '../../../lib/cn.js';
import type { AuditFilter } from '../audit-api.js';

export const TARGET_LABELS: Record<AuditTargetType, string> = {
  user: 'Account',
  affiliate: 'Affiliate',
  payout: 'Payout',
  catalog_item: 'Catalogue item',
  marketing_resource: 'Marketing resource',
  educator: 'Educator',
  charity_directory: 'Charity directory',
  contact_message: 'Contact message',
  api_token: 'API token',
  webhook: 'Webhook',
  team_invitation: 'Team invitation',
};

const SELECT = cn('flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground sm:text-sm', 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring');

interface Draft {
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}
const EMPTY: Draft = { actor: '', action: '', targetType: '', targetId: '', from: '', to: '' };

/** The days chosen are whole days in this browser's zone: from its first moment to its last. */
function filterOf(draft: Draft): AuditFilter {
  return {
    actor: draft.actor.trim() || undefined,
    action: (draft.action || undefined) as AuditAction | undefined,
    targetType: (draft.targetType || undefined) as AuditTargetType | undefined,
    targetId: draft.targetId.trim() || undefined,
    from: draft.from ? new Date(`${draft.from}T00:00:00`).toISOString() : undefined,
    to: draft.to ? new Date(`${draft.to}T23:59:59.999`).toISOString() : undefined,
  };
}

/** The Audit tab's filters: applied together when the form is sent, so each keystroke asks nothing. */
export function AuditFilters({ onApply }: { onApply: (filter: AuditFilter) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value }));
  const rangeBackwards = Boolean(draft.from && draft.to && draft.from > draft.to);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rangeBackwards) onApply(filterOf(draft));
  };
  const clear = () => {
    setDraft(EMPTY);
    onApply({});
  };

  return (
    <form onSubmit={submit} aria-label="Filter the audit trail" className="grid gap-4 border-b border-border p-4 sm:grid-cols-2 lg:grid-cols-3">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-actor`}>Actor's email</Label>
        <Input id={`${id}-actor`} type="email" value={draft.actor} onChange={set('actor')} placeholder="name@example.com" autoComplete="off" />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-action`}>Action</Label>
        <select id={`${id}-action`} className={SELECT} value={draft.action} onChange={set('action')}>
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AuditActionLabels[action]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-target-type`}>Target</Label>
        <select id={`${id}-target-type`} className={SELECT} value={draft.targetType} onChange={set('targetType')}>
          <option value="">Anything</option>
          {AUDIT_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {TARGET_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-target-id`}>Target id</Label>
        <Input id={`${id}-target-id`} value={draft.targetId} onChange={set('targetId')} inputMode="numeric" autoComplete="off" />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input id={`${id}-from`} type="date" value={draft.from} onChange={set('from')} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input id={`${id}-to`} type="date" value={draft.to} onChange={set('to')} aria-invalid={rangeBackwards} aria-describedby={rangeBackwards ? `${id}-range` : undefined} />
        {rangeBackwards ? (
          <p id={`${id}-range`} className="text-sm text-destructive-text">
            The end date comes before the start date.
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">Apply filters</Button>
        <Button type="button" variant="outline" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}
