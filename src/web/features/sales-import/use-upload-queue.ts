import { useRef, useState } from 'react';
import type { SalesImportReport } from '../../../shared/sales-imports.schemas.js';
import { readApiError } from '../../lib/api.js';
import { useSendSalesFile, type SendOptions } from './api.js';

export type UploadState = 'waiting' | 'sending' | 'done' | 'failed';

export interface UploadEntry {
  id: number;
  file: File;
  state: UploadState;
  report?: SalesImportReport;
  /** Why the file could not be sent or read at all (not a report's refusal). */
  error?: string;
}

let lastId = 0;

/**
 * Files are sent one at a time, in the order they were chosen: a machine's DEX audits count their
 * sales from the audit before, so the server wants them oldest first. A resend (after a mapping, or
 * with the machine chosen) joins the same line.
 */
export function useUploadQueue() {
  const send = useSendSalesFile();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const line = useRef<Promise<void>>(Promise.resolve());

  const update = (id: number, change: Partial<UploadEntry>) =>
    setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));

  const enqueue = (id: number, file: File, options?: SendOptions) => {
    line.current = line.current.then(async () => {
      update(id, { state: 'sending', error: undefined });
      try {
        update(id, { state: 'done', report: await send.mutateAsync({ file, options }) });
      } catch (error) {
        update(id, { state: 'failed', error: readApiError(error).message ?? 'The file could not be sent. Please check your connection and try again.' });
      }
    });
  };

  return {
    entries,
    busy: entries.some((entry) => entry.state === 'waiting' || entry.state === 'sending'),
    add: (files: readonly File[]) => {
      const added = files.map((file): UploadEntry => ({ id: ++lastId, file, state: 'waiting' }));
      setEntries((current) => [...current, ...added]);
      for (const entry of added) enqueue(entry.id, entry.file);
    },
    resend: (entry: UploadEntry, options?: SendOptions) => {
      update(entry.id, { state: 'waiting' });
      enqueue(entry.id, entry.file, options);
    },
    clearFinished: () => setEntries((current) => current.filter((entry) => entry.state === 'waiting' || entry.state === 'sending')),
  };
}
