import { Link2 } from 'lucide-react';
import { Card } from '../../../components/ui/card.js';
import { CopyButton } from '../../../components/ui/copy-button.js';

/** The affiliate's code and link: the link is what they share, the code what they read out or print. */
export function ReferralLinkCard({ code, link }: { code: string; link: string }) {
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="flex items-center gap-2">
        <Link2 className="size-5 text-primary" aria-hidden="true" />
        <h2 className="text-lg font-semibold">Your referral link</h2>
      </div>
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">
          Share this link. Operators who sign up through it count as your referrals.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            data-testid="referral-link"
            className="min-w-0 flex-1 rounded-md border border-border bg-muted/50 px-3 py-2 text-sm break-all select-all"
          >
            {link}
          </code>
          <CopyButton text={link} label="Copy link" className="shrink-0" />
        </div>
      </div>
      <p className="text-sm">
        Your affiliate code: <strong className="font-mono text-base tracking-wider" data-testid="affiliate-code">{code}</strong>
      </p>
    </Card>
  );
}
