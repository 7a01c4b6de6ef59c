import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { IssueReport, VendingIssue } from '../../../shared/feedback.schemas.js';
import { DEFAULT_QR_CAPTION, type Machine, type MachineInput } from '../../../shared/machines.schemas.js';
import { ApiRequestError, apiJson, apiRequest } from '../../lib/api.js';
import { invalidateKeys } from '../../lib/query-client.js';
import { subscriptionStatusQuery } from '../auth/api.js';
import { productKeys } from '../products/api.js';
import { machinePerformanceKeys, statsKeys } from '../stats/api.js';
import { ISSUES_URL, issueKeys } from '../vending-issues/api.js';

export const MACHINES_URL = '/api/machines';
export const QR_SHEET_URL = '/api/qr-code/sheet.pdf';

// Keys start with the URL (spec 7: the default load joins the key parts with '/').
export const machineKeys = {
  /** Every machine answer: invalidate this after a machine is added, edited or deleted. */
  all: [MACHINES_URL] as const,
  /** The signed-in operator's machines; the dashboard's filter and the suggestions page read it too. */
  list: () => machineKeys.all,
  /**
   * A machine's QR code, deliberately outside `all`: the code holds the vote address and the
   * caption, neither of which an edit changes, so saving a machine keeps the cached image.
   */
  qrCode: (machineId: number) => ['qr-code', machineId] as const,
};

/** GET /api/machines through the default query function. */
export const machinesQuery = queryOptions<Machine[]>({ queryKey: machineKeys.list() });

/** The machine's QR code as a PNG. */
export const qrCodeQuery = (machineId: number) =>
  queryOptions({
    queryKey: machineKeys.qrCode(machineId),
    queryFn: async () => {
      const response = await apiRequest('POST', '/api/qr-code/generate', { machineId, customText: DEFAULT_QR_CAPTION });
      return response.blob();
    },
  });

/** Machines feed the dashboard's machine filter, stats and performance panel too. */
const refreshMachineViews = (queryClient: QueryClient) =>
  invalidateKeys(queryClient, machineKeys.all, machinePerformanceKeys.all, statsKeys.all, productKeys.all);

export function useMachines(enabled = true) {
  return useQuery({ ...machinesQuery, enabled });
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
    // Refused for the plan's limit: the list (another tab may have added one) and the plan (it
    // may have changed) are out of date, and the Add Machine button's allowance is read from them.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 403) {
        invalidateKeys(queryClient, machineKeys.all, subscriptionStatusQuery.queryKey);
      }
    },
  });
}

export function useDeleteMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<{ id: number; deleted: true }>('DELETE', `${MACHINES_URL}/${id}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: machineKeys.qrCode(id) });
      // A deleted machine's issues stay, without their machine name.
      return Promise.all([refreshMachineViews(queryClient), queryClient.invalidateQueries({ queryKey: issueKeys.all })]);
    },
  });
}

/** POST /api/vending-issues on behalf of a customer, for one of the operator's machines. */
export function useReportIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: IssueReport) => apiJson<VendingIssue>('POST', ISSUES_URL, report),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: issueKeys.all }),
  });
}
