import { RotateCw } from 'lucide-react';
import { Alert } from './alert.js';
import { Button } from './button.js';
import { readApiError } from '../../lib/api.js';

interface LoadErrorProps {
  /** What could not be loaded, e.g. 'vending issues'. */
  what: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

/** A panel's failed load, with the server's message when it sent one, and a way to try again. */
export function LoadError({ what, error, onRetry, retrying = false }: LoadErrorProps) {
  const reason = readApiError(error).message;
  return (
    <Alert variant="destructive">
      <p>
        Could not load {what}.{reason ? ` ${reason}` : ''}
      </p>
      <Button variant="outline" size="sm" className="w-fit" onClick={onRetry} loading={retrying}>
        {retrying ? null : <RotateCw className="size-4" aria-hidden="true" />}
        Retry
      </Button>
    </Alert>
  );
}
