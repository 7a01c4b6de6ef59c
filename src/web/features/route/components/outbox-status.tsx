import { RefreshCw } from 'lucide-react';
import { Alert, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import type { Outbox } from '../use-outbox.js';

/**
 * What the phone holds that the server does not have yet, and what the server refused: a driver
 * with no signal sees their work is kept, and a conflict (an issue the office resolved meanwhile)
 * is shown until they have read it, never dropped.
 */
export function OutboxStatus({ outbox }: { outbox: Outbox }) {
  const { waiting, refused, online, sending } = outbox;
  return (
    <div className="grid gap-2" aria-live="polite">
      {!online && (
        <Alert variant="info">
          <AlertTitle>Offline</AlertTitle>
          <p>You can go on working: what you record is kept on this phone and sent when it is back online.</p>
        </Alert>
      )}
      {waiting.length > 0 && (
        <Alert variant="info">
          <AlertTitle>
            {waiting.length} {waiting.length === 1 ? 'change' : 'changes'} waiting to be sent
          </AlertTitle>
          <ul className="list-disc pl-5 text-sm">
            {waiting.map((change) => (
              <li key={change.key}>{change.label}</li>
            ))}
          </ul>
          {online && (
            <Button variant="outline" size="sm" className="mt-2 w-fit" loading={sending} icon={<RefreshCw className="size-4" aria-hidden="true" />} onClick={() => void outbox.send()}>
              Send now
            </Button>
          )}
        </Alert>
      )}
      {refused.map((change) => (
        <Alert key={change.key} variant="destructive">
          <AlertTitle>Not saved: {change.label}</AlertTitle>
          <p>{change.message}</p>
          <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => void outbox.dismiss(change.key)}>
            Dismiss
          </Button>
        </Alert>
      ))}
    </div>
  );
}
