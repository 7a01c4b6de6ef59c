import { Download } from 'lucide-react';
import { EXPORT_LINK_DAYS } from '../../../../shared/account-data.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useDataExportStatus, useRequestDataExport } from '../account-data-api.js';
import { toastSaveFailed } from './save-toasts.js';
import { SettingsCardSkeleton } from './settings-skeleton.js';

/** Settings → Download my data: asks for the ZIP and says where the last one stands; the link comes by mail. */
export function DownloadDataCard() {
  const status = useDataExportStatus();
  const request = useRequestDataExport();

  if (status.isPending) return <SettingsCardSkeleton label="Loading your data downloads" rows={2} />;
  if (status.isError) return <LoadError what="your data downloads" error={status.error} onRetry={() => void status.refetch()} retrying={status.isRefetching} />;

  const latest = status.data.latest;
  const building = latest?.state === 'building';
  const ask = async () => {
    try {
      const result = await request.mutateAsync();
      toast({ title: 'Gathering your data', description: result.message });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toastSaveFailed(error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Download my data</CardTitle>
        <CardDescription>
          One ZIP file with everything your account holds: machines, catalogue, votes, suggestions, issues, restocks, purchase list, donations with
          receipts, magnet orders and settings. We email you a link that works for {EXPORT_LINK_DAYS} days.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
          {!latest
            ? 'You have not asked for a copy yet.'
            : building
              ? 'Gathering your data now. We will email you when it is ready.'
              : latest.state === 'failed'
                ? 'The last copy could not be made. Please ask again.'
                : latest.expired
                  ? `Your last copy's link expired on ${formatDateTime(latest.expiresAt!)}.`
                  : `Your last copy is ready: the link we emailed works until ${formatDateTime(latest.expiresAt!)}.`}
        </p>
        <div>
          <Button onClick={() => void ask()} loading={request.isPending} disabled={building} icon={<Download className="size-4" aria-hidden="true" />}>
            Download my data
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
