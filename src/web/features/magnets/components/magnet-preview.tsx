import { useQuery } from '@tanstack/react-query';
import { QrCode, RotateCw } from 'lucide-react';
import { MAGNET_CAPTION } from '../../../../shared/magnet-pricing.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { magnetQrPreviewQuery } from '../api.js';
import { useBlobImage } from '../../../lib/use-blob-image.js';

/**
 * The magnet as it will look: the machine's QR code with the caption under it (the very image the
 * printer gets), on a square white tile.
 */
export function MagnetPreview({ machineId, machineName }: { machineId: number; machineName: string }) {
  const qrCode = useQuery(magnetQrPreviewQuery(machineId));
  const blob = qrCode.data;

  const showBlob = useBlobImage(blob);

  let content;
  if (qrCode.isPending) content = <Skeleton className="size-full" />;
  else if (qrCode.isError) {
    content = (
      <button
        type="button"
        onClick={() => void qrCode.refetch()}
        className="flex size-full flex-col items-center justify-center gap-1 rounded-md border border-dashed border-zinc-400 p-2 text-center text-xs text-zinc-700 hover:bg-zinc-100"
      >
        <QrCode className="size-5" aria-hidden="true" />
        Preview did not load
        <span className="inline-flex items-center gap-1 font-medium text-blue-800">
          <RotateCw className="size-3" aria-hidden="true" />
          Retry
        </span>
      </button>
    );
  } else {
    content = (
      <img
        ref={showBlob}
        alt={`Magnet preview for ${machineName}: its QR code with the caption “${MAGNET_CAPTION}”`}
        className="size-full object-contain"
      />
    );
  }

  return (
    <figure className="grid justify-items-center gap-2">
      {/* A square, like the magnet; always white, as printed, in either theme. */}
      <div
        className="aspect-square w-44 rounded-lg border border-zinc-300 bg-white p-2 shadow-md"
        data-testid="magnet-preview"
      >
        {content}
      </div>
      <figcaption className="text-xs text-muted-foreground">Magnet preview</figcaption>
    </figure>
  );
}
