import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { IssueCounts, IssueReport, VendingIssue } from '../../../shared/feedback.schemas.js';
import { DEFAULT_QR_CAPTION, type Machine, type MachineInput } from '../../../shared/machines.schemas.js';
import { apiJson, apiRequest } from '../../lib/api.js';

export const MACHINES_URL = '/api/machines';
export const QR_SHEET_URL = '/api/qr-code/sheet.pdf';

/** GET /api/machines through the default query function; the dashboard and suggestions read the same key. */
export const machinesQuery = queryOptions<Machine[]>({ queryKey: [MACHINES_URL] });

/** For the 'Vending Issues reported' card; the same key the issues page uses. */
export const issueCountsQuery = queryOptions<IssueCounts>({ queryKey: ['/api/vending-issues/counts'] });

/**
 * The machine's QR code as a PNG. Keyed by machine only: the code holds the vote address and the
 * caption, neither of which an edit changes.
 */
export const qrCodeQuery = (machineId: number) =>
  queryOptions({
    queryKey: ['qr-code', machineId],
    queryFn: async () => {
      const response = await apiRequest('POST', '/api/qr-code/generate', { machineId, customText: DEFAULT_QR_CAPTION });
      return response.blob();
    },
  });

/** Every cached answer whose URL starts with one of `prefixes` is re-read. */
function invalidateByPrefix(queryClient: QueryClient, ...prefixes: string[]) {
  return queryClient.invalidateQueries({
    predicate: (query) => prefixes.some((prefix) => String(query.queryKey[0]).startsWith(prefix)),
  });
}

/** Machines feed the dashboard's machine filter, stats and performance panel too. */
const refreshMachineViews = (queryClient: QueryClient) =>
  invalidateByPrefix(queryClient, MACHINES_URL, '/api/dashboard/machines', '/api/stats', '/api/products');

export function useMachines() {
  return useQuery(machinesQuery);
}

export interface SaveMachineVariables {
  /** Absent for a new machine. */
  id?: number;
  values: MachineInput;
}

/** POST /api/machines for a new machine, PATCH /api/machines/{id} for an edit. */
export function useSaveMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: SaveMachineVariables) =>
      id === undefined
        ? apiJson<Machine>('POST', MACHINES_URL, values)
        : apiJson<Machine>('PATCH', `${MACHINES_URL}/${id}`, values),
    onSuccess: () => refreshMachineViews(queryClient),
  });
}

export function useDeleteMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<{ id: number; deleted: true }>('DELETE', `${MACHINES_URL}/${id}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: ['qr-code', id] });
      // A deleted machine's issues stay, without their machine name.
      return refreshMachineViews(queryClient).then(() => invalidateByPrefix(queryClient, '/api/vending-issues'));
    },
  });
}

/** POST /api/vending-issues on behalf of a customer, for one of the operator's machines. */
export function useReportIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: IssueReport) => apiJson<VendingIssue>('POST', '/api/vending-issues', report),
    onSuccess: () => invalidateByPrefix(queryClient, '/api/vending-issues'),
  });
}
