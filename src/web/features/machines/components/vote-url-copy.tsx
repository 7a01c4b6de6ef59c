import { Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/use-toast.js';

/** The address a machine's QR code leads to, with a copy button. */
export function VoteUrlCopy({ url, machineName }: { url: string; machineName: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Copied to clipboard', description: url });
    } catch {
      // No clipboard access (an insecure page, or permission refused): the address stays selectable.
      toast({ title: 'Copy failed', description: 'Select the address and copy it by hand.', variant: 'destructive' });
    }
  };

  return (
    <div className="flex min-w-0 items-center gap-2">
      <code className="min-w-0 flex-1 rounded-md bg-background px-2 py-1.5 text-xs break-all select-all">
        {url}
      </code>
      <Button variant="outline" size="icon" className="size-9 shrink-0" aria-label={`Copy vote link for ${machineName}`} onClick={copy}>
        <Copy className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
