import { ExternalLink, GraduationCap, Pencil, Trash2 } from 'lucide-react';
import type { Educator } from '../../../../shared/educators.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { adminCell as cell, AdminTableFrame, AdminTableSkeleton, type AdminTableShape } from './admin-table.js';
import { EducatorIcon } from '../../education/components/educator-icon.js';

const TABLE: AdminTableShape = {
  label: 'Educators',
  columns: ['Educator', 'Category', 'Website', 'Affiliate Link', 'Status', 'Actions'],
  minWidth: 'min-w-[52rem]',
};

export function EducatorTableSkeleton() {
  return <AdminTableSkeleton {...TABLE} loadingLabel="Loading educators" rowTestId="educator-skeleton-row" />;
}

function OutLink({ href, label, name }: { href: string; label: string; name: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline">
      {label}
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only"> of {name} (opens in a new tab)</span>
    </a>
  );
}

interface EducatorTableProps {
  educators: Educator[];
  busy: boolean;
  onEdit: (educator: Educator) => void;
  onDelete: (educator: Educator) => void;
}

export function EducatorTable({ educators, busy, onEdit, onDelete }: EducatorTableProps) {
  return (
    <AdminTableFrame {...TABLE} busy={busy}>
      <tbody className="divide-y divide-border">
        {educators.map((educator) => (
          <tr key={educator.id} data-testid="educator-row">
            <td className={cell}>
              <div className="flex items-start gap-3">
                <EducatorIcon category={educator.category} className="size-8" />
                <div className="grid gap-0.5">
                  <span className="font-medium">
                    {educator.name}
                    {educator.isExample ? (
                      <Badge variant="outline" className="ml-2">
                        Example
                      </Badge>
                    ) : null}
                  </span>
                  <span className="text-xs text-muted-foreground">{educator.specialization}</span>
                </div>
              </div>
            </td>
            <td className={cell}>
              <Badge variant="secondary">{educator.category}</Badge>
            </td>
            <td className={cell}>
              <OutLink href={educator.website} label="Website" name={educator.name} />
            </td>
            <td className={cell}>
              <OutLink href={educator.affiliateUrl} label="Affiliate link" name={educator.name} />
            </td>
            <td className={cell}>{educator.featured ? <Badge variant="info">Featured</Badge> : <Badge variant="outline">Standard</Badge>}</td>
            <td className={cell}>
              <div className="flex gap-1">
                <Button variant="ghost" size="icon" aria-label={`Edit ${educator.name}`} onClick={() => onEdit(educator)}>
                  <Pencil className="size-4" aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Delete ${educator.name}`} onClick={() => onDelete(educator)}>
                  <Trash2 className="size-4 text-destructive-text" aria-hidden="true" />
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTableFrame>
  );
}

export function NoEducatorsYet() {
  return <EmptyState icon={GraduationCap} level={3} title="No educators added yet" hint="Educators you add appear here and in the education directory." />;
}
