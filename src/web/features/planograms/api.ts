import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  planogramApi,
  PlanogramCsvRefusedSchema,
  type CopyPlanogramInput,
  type Planogram,
  type PlanogramCsvProblem,
  type PlanogramHistory,
  type PlanogramInput,
} from '../../../shared/planograms.schemas.js';
import { ApiRequestError, apiJson, apiSendFile } from '../../lib/api.js';
import { invalidateKeys } from '../../lib/query-client.js';
import { demandKeys } from '../demand/api.js';
import { slotStockKeys } from '../machine-stock/api.js';
import { MACHINES_URL } from '../machines/api.js';

/*
 * Keys begin with the machines' URL, so the default load joins them into the planogram's address
 * (/api/machines/{id}/planogram) and invalidating every machine answer (a machine deleted) reaches
 * its planogram too.
 */
export const planogramKeys = {
  /** The machine's planogram and its history. */
  all: (machineId: number) => [MACHINES_URL, machineId, 'planogram'] as const,
  detail: (machineId: number) => planogramKeys.all(machineId),
  history: (machineId: number) => [...planogramKeys.all(machineId), 'history'] as const,
};

/** GET /api/machines/{id}/planogram. */
export const planogramQuery = (machineId: number) => queryOptions<Planogram>({ queryKey: planogramKeys.detail(machineId) });

/** GET /api/machines/{id}/planogram/history: read only when the history is opened. */
export const planogramHistoryQuery = (machineId: number) => queryOptions<PlanogramHistory>({ queryKey: planogramKeys.history(machineId) });

/** The CSV of the saved planogram; a plain link, so the browser names and saves the file. */
export const planogramExportUrl = (machineId: number) => `${planogramApi(machineId)}/export`;

export function usePlanogram(machineId: number) {
  return useQuery(planogramQuery(machineId));
}

export function usePlanogramHistory(machineId: number, enabled: boolean) {
  return useQuery({ ...planogramHistoryQuery(machineId), enabled });
}

/** Every change answers the whole planogram: it becomes the cached one, and the history is read again. */
function useReplacePlanogram<Variables>(machineId: number, send: (variables: Variables) => Promise<Planogram>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (planogram) => storePlanogram(queryClient, machineId, planogram),
  });
}

/** The slots decide the stock per slot and what is missing, so those are read again too. */
function storePlanogram(queryClient: QueryClient, machineId: number, planogram: Planogram) {
  queryClient.setQueryData(planogramKeys.detail(machineId), planogram);
  return invalidateKeys(queryClient, planogramKeys.history(machineId), slotStockKeys.machine(machineId), demandKeys.all);
}

/** PUT /api/machines/{id}/planogram: the whole grid, in order. */
export function useSavePlanogram(machineId: number) {
  return useReplacePlanogram(machineId, (input: PlanogramInput) => apiJson<Planogram>('PUT', planogramApi(machineId), input));
}

/** POST /api/machines/{id}/planogram/copy: this machine takes the other machine's slots. */
export function useCopyPlanogram(machineId: number) {
  return useReplacePlanogram(machineId, (input: CopyPlanogramInput) => apiJson<Planogram>('POST', `${planogramApi(machineId)}/copy`, input));
}

/** POST /api/machines/{id}/planogram/import with the CSV itself as the body. */
export function useImportPlanogramCsv(machineId: number) {
  return useReplacePlanogram(machineId, async (file: File) => {
    const response = await apiSendFile('POST', `${planogramApi(machineId)}/import`, await file.text(), 'text/csv');
    return (await response.json()) as Planogram;
  });
}

/** The lines of a refused planogram CSV (its 400's `problems`); empty when the refusal is not by line. */
export function csvProblemsOf(error: unknown): PlanogramCsvProblem[] {
  if (!(error instanceof ApiRequestError)) return [];
  try {
    return PlanogramCsvRefusedSchema.safeParse(JSON.parse(error.bodyText)).data?.problems ?? [];
  } catch {
    return [];
  }
}
