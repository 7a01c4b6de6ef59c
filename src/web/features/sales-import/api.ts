import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletedSchema } from '../../../shared/api-error.js';
import {
  SALES_IMPORTS_API,
  TELEMETRY_MAPPINGS_API,
  type SalesImportReport,
  type SalesImportSummary,
  type TelemetryMapping,
  type TelemetryMappingRequest,
} from '../../../shared/sales-imports.schemas.js';
import type { z } from 'zod';
import { ApiRequestError, apiJson, apiSendFile } from '../../lib/api.js';

// Keys start with the URL (spec 7: the default load joins the key parts with '/').
export const salesImportKeys = {
  /** The list and every report: invalidate after an import. */
  all: [SALES_IMPORTS_API] as const,
  list: () => salesImportKeys.all,
  detail: (id: number) => [SALES_IMPORTS_API, id] as const,
};

export const mappingKeys = {
  all: [TELEMETRY_MAPPINGS_API] as const,
};

/** GET /api/sales/imports: the newest first. */
export const salesImportsQuery = queryOptions<SalesImportSummary[]>({ queryKey: salesImportKeys.list() });
/** GET /api/sales/imports/{id}: one import's report. */
export const salesImportQuery = (id: number) => queryOptions<SalesImportReport>({ queryKey: salesImportKeys.detail(id) });
/** GET /api/sales/mappings: the operator's saved column mappings. */
export const mappingsQuery = queryOptions<TelemetryMapping[]>({ queryKey: mappingKeys.all });

export interface SendOptions {
  /** For a DEX file that names no machine: the machine it was read from. */
  machineId?: number;
}

/**
 * POST /api/sales/imports with the file's own bytes. A refused file (422) still answers a report,
 * which says why line by line, so it is returned like any other; other failures throw.
 */
export async function sendSalesFile(file: File, options: SendOptions = {}): Promise<SalesImportReport> {
  const query = new URLSearchParams({ fileName: file.name });
  if (options.machineId !== undefined) query.set('machineId', String(options.machineId));
  try {
    const response = await apiSendFile('POST', `${SALES_IMPORTS_API}?${query}`, file, 'application/octet-stream');
    return (await response.json()) as SalesImportReport;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 422) return JSON.parse(error.bodyText) as SalesImportReport;
    throw error;
  }
}

export function useSalesImports() {
  return useQuery(salesImportsQuery);
}

export function useSendSalesFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, options }: { file: File; options?: SendOptions }) => sendSalesFile(file, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesImportKeys.all }),
  });
}

export function useMappings() {
  return useQuery(mappingsQuery);
}

/** POST /api/sales/mappings: files with these columns are read this way from now on. */
export function useSaveMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TelemetryMappingRequest) => apiJson<TelemetryMapping>('POST', TELEMETRY_MAPPINGS_API, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mappingKeys.all }),
  });
}

export function useDeleteMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<z.infer<typeof DeletedSchema>>('DELETE', `${TELEMETRY_MAPPINGS_API}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mappingKeys.all }),
  });
}
