import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ImportRowInput } from '../../../shared/product-import.schemas.js';
import { IMPORT_TEMPLATE_FILE_NAME, IMPORT_TEMPLATE_URL, type ExistingProductAction } from '../../../shared/product-import.schemas.js';
import { apiRequest, readApiError } from '../../lib/api.js';
import { invalidateKeys } from '../../lib/query-client.js';
import { productKeys } from '../products/api.js';
import { machinePerformanceKeys, statsKeys } from '../stats/api.js';
import { sendBatch } from './send-batch.js';
import { newUuid } from '../../lib/uuid.js';

/** GET /api/products/template/download, saved by the browser as product-import-template.xlsx. */
export async function downloadImportTemplate(): Promise<void> {
  const response = await apiRequest('GET', IMPORT_TEMPLATE_URL);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = IMPORT_TEMPLATE_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export interface ImportProgress {
  /** Rows sent so far (in finished batches), of `total`. */
  done: number;
  total: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** The server's message for the first batch that failed. */
  firstError?: string;
  /** While the server has asked us to slow down (429): how long until the batch is sent again. */
  waitingMs?: number;
}

/**
 * POST /api/products/import, one batch after another, each under its own key (kept across its
 * retries, send-batch.ts). A batch that
 * fails counts its rows as failed and the import goes on (spec extended 8); the catalogue and
 * the dashboard figures re-read at the end.
 */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useCallback(
    async (batches: ImportRowInput[][], existing: ExistingProductAction, onProgress: (progress: ImportProgress) => void) => {
      const progress: ImportProgress = { done: 0, total: batches.reduce((sum, batch) => sum + batch.length, 0), created: 0, updated: 0, skipped: 0, failed: 0 };
      onProgress({ ...progress });
      for (const rows of batches) {
        try {
          const result = await sendBatch(newUuid(), existing, rows, {
            onWaiting: (waitingMs) => onProgress({ ...progress, ...(waitingMs === null ? {} : { waitingMs }) }),
          });
          progress.created += result.created;
          progress.updated += result.updated;
          progress.skipped += result.skipped;
        } catch (error) {
          progress.failed += rows.length;
          progress.firstError ??= readApiError(error).message ?? (error instanceof Error ? error.message : undefined);
        }
        progress.done += rows.length;
        onProgress({ ...progress });
      }
      await invalidateKeys(queryClient, productKeys.all, statsKeys.all, machinePerformanceKeys.all);
      return progress;
    },
    [queryClient],
  );
}
