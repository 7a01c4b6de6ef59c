import { ExternalLink, LayoutGrid, Magnet, MapPin, Pencil, Share2, Trash2, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { MACHINE_TYPES } from '../../../../shared/catalog.js';
import type { Machine } from '../../../../shared/machines.schemas.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { paths } from '../../../lib/paths.js';
import { sharedVoteUrlOf } from '../../../lib/vote-url.js';
import { MachineQrPreview } from './machine-qr-preview.js';
import { MachineStatusLabel } from './machine-status.js';
import { VoteUrlCopy } from './vote-url-copy.js';

interface MachineCardProps {
  machine: Machine;
  onEdit: () => void;
  onDelete: () => void;
  onReportIssue: () => void;
  onOrderMagnet: () => void;
  /** Opens the read-only share link for the manager of the machine's location. */
  onShare: () => void;
}

export function MachineCard({ machine, onEdit, onDelete, onReportIssue, onOrderMagnet, onShare }: MachineCardProps) {
  const titleId = `machine-${machine.id}-name`;
  return (
    <Card aria-labelledby={titleId} role="article" className="flex flex-col gap-4 p-5" data-testid="machine-card">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={titleId} className="text-lg font-semibold break-words">
            {machine.name}
          </h3>
          <p className="flex items-start gap-1 text-sm text-muted-foreground">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">{machine.location}</span>
          </p>
        </div>
        <MachineStatusLabel status={machine.status} className="shrink-0" />
      </div>

      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Type</dt>
        <dd>{MACHINE_TYPES[machine.type]}</dd>
        <dt className="text-muted-foreground">Serial number</dt>
        <dd className="font-mono break-all">{machine.serialNumber}</dd>
        {machine.address ? (
          <>
            <dt className="text-muted-foreground">Address</dt>
            <dd className="break-words">{machine.address}</dd>
          </>
        ) : null}
      </dl>

      <div className="flex flex-col items-center gap-3 rounded-lg bg-muted/50 p-3">
        <MachineQrPreview machineId={machine.id} machineName={machine.name} />
        <div className="grid w-full gap-1">
          <p className="text-xs font-medium text-muted-foreground">Vote page address</p>
          <VoteUrlCopy url={sharedVoteUrlOf(machine.id)} machineName={machine.name} />
        </div>
      </div>

      <div className="mt-auto flex flex-wrap gap-2">
        <Link to={paths.machine(machine.id)} className={buttonClasses({ size: 'sm' })} aria-label={`Planogram of ${machine.name}`}>
          <LayoutGrid className="size-4" aria-hidden="true" />
          Planogram
        </Link>
        <Button variant="outline" size="sm" onClick={onOrderMagnet} aria-label={`Order QR Magnet for ${machine.name}`}>
          <Magnet className="size-4" aria-hidden="true" />
          Order QR Magnet
        </Button>
        <a
          href={paths.vote(machine.id)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
          aria-label={`View Page of ${machine.name} (opens in a new tab)`}
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          View Page
        </a>
        <Button variant="outline" size="sm" onClick={onReportIssue} aria-label={`Report Issue at ${machine.name}`}>
          <TriangleAlert className="size-4" aria-hidden="true" />
          Report Issue
        </Button>
        <Button variant="outline" size="sm" onClick={onShare} aria-label={`Share ${machine.name} with its location`}>
          <Share2 className="size-4" aria-hidden="true" />
          Share
        </Button>
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${machine.name}`}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete ${machine.name}`} className="text-destructive-text">
          <Trash2 className="size-4" aria-hidden="true" />
          Delete
        </Button>
      </div>
    </Card>
  );
}
