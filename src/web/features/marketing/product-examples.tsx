import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge.js';
import { paths } from '../../lib/paths.js';
import { DashboardExample } from './dashboard-example.js';
import { VotePageExample } from './vote-page-example.js';

function Example({ label, title, text, children }: { label: string; title: string; text: ReactNode; children: ReactNode }) {
  return (
    <figure aria-label={label} className="grid content-start gap-4">
      <figcaption className="grid gap-2">
        <Badge variant="info" className="w-fit gap-1">
          <Info className="size-3.5" aria-hidden="true" />
          Example data
        </Badge>
        <h3 className="text-xl font-semibold">{title}</h3>
        <p className="text-muted-foreground">{text}</p>
      </figcaption>
      {children}
    </figure>
  );
}

/**
 * The vote page and the dashboard as they are, drawn by their own components with made-up
 * products and figures. Loaded after the rest of the landing page, being below the fold.
 */
export default function ProductExamples() {
  return (
    <div className="grid gap-12 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:gap-10">
      <Example
        label="Example vote page"
        title="What customers see"
        text={
          <>
            The page that opens when a customer scans a machine&apos;s QR code. Try the buttons: they count here and send
            nothing. Or open the{' '}
            {/* The vote page is its own entry, so a full page load rather than a router link. */}
            <a href={paths.voteDemo} className="font-medium text-primary underline underline-offset-4">
              live demo machine
            </a>
            .
          </>
        }
      >
        <VotePageExample />
      </Example>
      <Example
        label="Example dashboard"
        title="What you see"
        text="Your dashboard gathers the votes of all your machines: totals, the products customers want most, and each machine's favourites."
      >
        <DashboardExample />
      </Example>
    </div>
  );
}
