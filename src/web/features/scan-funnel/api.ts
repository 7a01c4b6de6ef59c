import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SCAN_FUNNEL_API, type ScanFunnel } from '../../../shared/scan-funnel.schemas.js';
import type { ScanSource } from '../../../shared/scan-sources.js';
import { apiJson } from '../../lib/api.js';

export type FunnelMachine = 'all' | number;

export const scanFunnelKeys = {
  all: [SCAN_FUNNEL_API] as const,
  scope: (machine: FunnelMachine, days: number, source: ScanSource | 'all') => [...scanFunnelKeys.all, { machine, days, source }] as const,
};

/** GET /api/scan-funnel for every machine or one, over the last `days` days, its daily figures for every source or one. */
export const scanFunnelQuery = (machine: FunnelMachine, days: number, source: ScanSource | 'all') =>
  queryOptions({
    queryKey: scanFunnelKeys.scope(machine, days, source),
    queryFn: () => {
      const params = new URLSearchParams({ days: String(days) });
      if (machine !== 'all') params.set('machineId', String(machine));
      if (source !== 'all') params.set('source', source);
      return apiJson<ScanFunnel>('GET', `${SCAN_FUNNEL_API}?${params}`);
    },
    placeholderData: keepPreviousData,
  });

export function useScanFunnel(machine: FunnelMachine, days: number, source: ScanSource | 'all') {
  return useQuery(scanFunnelQuery(machine, days, source));
}
