import { Check, Copy, Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/use-toast.js';

interface RecoveryCodesPanelProps {
  codes: readonly string[];
  /** The account's email, named in the downloaded file so a drawer of such files stays readable. */
  email?: string;
  onDone: () => void;
}

function recoveryCodesText(codes: readonly string[], email?: string): string {
  return [
    `VendVote recovery codes${email ? ` for ${email}` : ''}`,
    `Made ${new Date().toLocaleString()}. Each code signs in once, in place of your authenticator app.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The ten recovery codes, shown this once (only their hashes are kept): copy, download, then done. */
export function RecoveryCodesPanel({ codes, email, onDone }: RecoveryCodesPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Screen reader and keyboard users land on the new content rather than on a button that is gone.
  useEffect(() => headingRef.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(codes, email));
      toast({ title: 'Recovery codes copied' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the codes and copy them yourself, or download them.', variant: 'destructive' });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes, email)], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'vendvote-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <section aria-labelledby="recovery-codes-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h3 id="recovery-codes-heading" ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
          Save your recovery codes
        </h3>
        <p className="text-sm text-muted-foreground">
          If you lose your phone, each code signs you in once instead of the app. Keep them somewhere safe: this is the only
          time they are shown.
        </p>
      </div>
      <ol aria-label="Recovery codes" className="grid grid-cols-1 gap-2 rounded-md border border-border bg-muted p-4 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" className="w-full sm:w-fit" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
        <Button variant="outline" className="w-full sm:w-fit" onClick={download}>
          <Download className="size-4" aria-hidden="true" />
          Download (.txt)
        </Button>
        <Button className="w-full sm:ml-auto sm:w-fit" onClick={onDone}>
          <Check className="size-4" aria-hidden="true" />I have saved them
        </Button>
      </div>
    </section>
  );
}
