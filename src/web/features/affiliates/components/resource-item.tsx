import { Download } from 'lucide-react';
import { RESOURCE_CATEGORY_LABELS, type MarketingResource } from '../../../../shared/marketing-resources.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { fileSizeLabel, RESOURCE_TYPE_ICONS } from '../../admin/components/resource-format.js';

/** One resource: a file to download, or an email template to read and copy. */
export function ResourceItem({ resource }: { resource: MarketingResource }) {
  const Icon = RESOURCE_TYPE_ICONS[resource.type];
  return (
    <article className="grid gap-3 rounded-lg border border-border p-4" data-testid="affiliate-resource">
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold break-words">{resource.title}</h3>
            <Badge variant="secondary">{RESOURCE_CATEGORY_LABELS[resource.category]}</Badge>
          </div>
          {resource.description ? <p className="text-sm text-muted-foreground">{resource.description}</p> : null}
        </div>
      </div>
      {resource.content !== null ? (
        <div className="grid gap-2">
          {/* A region of its own, focusable, so a long email scrolls by keyboard too. */}
          <pre
            role="region"
            tabIndex={0}
            aria-label={`${resource.title} email`}
            className="max-h-64 overflow-auto rounded-md bg-muted/50 p-3 text-sm whitespace-pre-wrap break-words focus-visible:outline-2 focus-visible:outline-ring"
          >
            {resource.content}
          </pre>
          <CopyButton text={resource.content} label="Copy" what={`the ${resource.title} email`} className="w-fit" />
        </div>
      ) : null}
      {resource.fileUrl ? (
        <a href={resource.fileUrl} download={resource.file?.name ?? true} className={buttonClasses({ variant: 'outline', size: 'sm', className: 'w-fit' })}>
          <Download className="size-4" aria-hidden="true" />
          Download<span className="sr-only"> {resource.title}</span>
          {resource.file ? <span className="text-muted-foreground">({fileSizeLabel(resource.file.size)})</span> : null}
        </a>
      ) : null}
    </article>
  );
}
