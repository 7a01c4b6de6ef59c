import { X } from 'lucide-react';
import { PageTitle } from '../../../components/page-title.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { useSettings } from '../../settings/api.js';
import { ApiHelp } from '../components/api-help.js';
import { PastImports } from '../components/past-imports.js';
import { SalesDropZone } from '../components/sales-drop-zone.js';
import { SavedMappings } from '../components/saved-mappings.js';
import { UploadEntryCard } from '../components/upload-entry.js';
import { useUploadQueue } from '../use-upload-queue.js';

/** /sales-import: sales files from the machines, their reports, past imports and saved column mappings. */
export function SalesImportPage() {
  const queue = useUploadQueue();
  const currency = useSettings().data?.preferences.currency ?? 'USD';
  const finished = queue.entries.some((entry) => entry.state === 'done' || entry.state === 'failed');

  return (
    <div className="mx-auto grid w-full max-w-5xl min-w-0 gap-6">
      <PageTitle title="Sales Import" />
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Sales Import</h1>
        <p className="text-muted-foreground">
          Bring in what your machines sold: DEX audit files read at the machine, or your telemetry provider&apos;s CSV exports. Each file counts once.
        </p>
      </header>

      <Card className="grid min-w-0 gap-4 p-4 sm:p-6">
        <h2 className="text-xl font-semibold">Send files</h2>
        <SalesDropZone onFiles={queue.add} />
        {queue.entries.length > 0 ? (
          <>
            <ul className="grid gap-3" aria-label="Files sent from this page">
              {queue.entries.map((entry) => (
                <UploadEntryCard key={entry.id} entry={entry} currency={currency} onResend={(machineId) => queue.resend(entry, { machineId })} />
              ))}
            </ul>
            {finished && !queue.busy ? (
              <Button variant="outline" size="sm" className="w-fit" onClick={queue.clearFinished} icon={<X className="size-4" aria-hidden="true" />}>
                Clear the list
              </Button>
            ) : null}
          </>
        ) : null}
      </Card>

      <Card className="grid min-w-0 gap-3 p-4 sm:p-6">
        <h2 className="text-xl font-semibold">Past imports</h2>
        <PastImports currency={currency} />
      </Card>

      <Card className="grid min-w-0 gap-3 p-4 sm:p-6">
        <h2 className="text-xl font-semibold">Saved column mappings</h2>
        <SavedMappings />
      </Card>

      <Card className="grid min-w-0 gap-3 p-4 sm:p-6">
        <h2 className="text-xl font-semibold">Send files by API</h2>
        <ApiHelp />
      </Card>
    </div>
  );
}
