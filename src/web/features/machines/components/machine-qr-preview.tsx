import { useQuery } from '@tanstack/react-query';
import { QrCode, RotateCw } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { cn } from '../../../lib/cn.js';
import { qrCodeQuery } from '../api.js';
import { useBlobImage } from '../../../lib/use-blob-image.js';

interface MachineQrPreviewProps {
  machineId: number;
  machineName: string;
  /** Spec 2.7: 150 px on a card, 100 px in a smaller place. */
  size?: 150 | 100;
}

/** The machine's QR code, drawn from the PNG the server renders. */
export function MachineQrPreview({ machineId, machineName, size = 150 }: MachineQrPreviewProps) {
  const qrCode = useQuery(qrCodeQuery(machineId));
  const blob = qrCode.data;

  const showBlob = useBlobImage(blob);

  const box = { width: size, height: size };
  if (qrCode.isPending) return <Skeleton className="shrink-0" style={box} />;
  if (qrCode.isError) {
    return (
      <button
        type="button"
        onClick={() => void qrCode.refetch()}
        className={cn(
          'flex shrink-0 flex-col items-center justify-center gap-1 rounded-md border border-dashed border-input p-2',
          'text-center text-xs text-muted-foreground hover:bg-muted',
        )}
        style={box}
      >
        <QrCode className="size-5" aria-hidden="true" />
        QR code did not load
        <span className="inline-flex items-center gap-1 font-medium text-primary">
          <RotateCw className="size-3" aria-hidden="true" />
          Retry
        </span>
      </button>
    );
  }
  return (
    <img
      ref={showBlob}
      alt={`QR code for ${machineName}`}
      width={size}
      height={size}
      className="shrink-0 rounded-md border border-border bg-white object-contain"
    />
  );
}
