import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SCAN_FUNNEL_API, type ScanFunnel } from '../../../shared/scan-funnel.schemas.js';
import { apiJson } from '../../lib/api.js';

export type FunnelMachine = 'all' | number;

export const scanFunnelKeys = {
  all: [SCAN_FUNNEL_API] as const,
  scope: (machine: FunnelMachine, days: number) => [...scanFunnelKeys.all, { machine, days }] as const,
};

/** GET /api/scan-funnel for every machine or one, over the last `days` days. */
export const scanFunnelQuery = (machine: FunnelMachine, days: number) =>
  queryOptions({
    queryKey: scanFunnelKeys.scope(machine, days),
    queryFn: () => apiJson<ScanFunnel>('GET', `${SCAN_FUNNEL_API}?days=${days}${machine === 'all' ? '' : `&machineId=${machine}`}`),
    placeholderData: keepPreviousData,
  });

export function useScanFunnel(machine: FunnelMachine, days: number) {
  return useQuery(scanFunnelQuery(machine, days));
}
