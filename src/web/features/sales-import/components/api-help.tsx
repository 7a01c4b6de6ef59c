import { Link } from 'react-router';
import { SALES_IMPORTS_API } from '../../../../shared/sales-imports.schemas.js';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { paths } from '../../../lib/paths.js';

/** For operators whose telemetry unit or script forwards files: the same import, by API. */
export function ApiHelp() {
  const command = `curl -H "Authorization: Bearer <token>" --data-binary @file.dex "${window.location.origin}${SALES_IMPORTS_API}?fileName=file.dex"`;
  return (
    <div className="grid min-w-0 gap-2 text-sm">
      <p>
        A script or telemetry unit can send the same files itself: the file is the body, its name goes in the address, and the answer is the report shown here.
        Make a token under{' '}
        <Link to={`${paths.settings}?tab=security`} className="font-medium underline underline-offset-4">
          Settings → Security → API tokens
        </Link>
        .
      </p>
      <pre
        tabIndex={0}
        className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs focus-visible:outline-2 focus-visible:outline-ring"
        aria-label="Example command"
      >
        {command}
      </pre>
      <CopyButton text={command} label="Copy command" className="w-fit" />
      <p className="text-muted-foreground">
        Add <code className="font-mono">&amp;readAt=2026-05-01T09:30:00Z</code> when the file was read earlier than it is sent, and{' '}
        <code className="font-mono">&amp;machineId=12</code> for a DEX file that names no machine.
      </p>
    </div>
  );
}
