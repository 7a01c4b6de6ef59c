import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsRange, ForecastDetail, InventoryAnalytics, RefreshAnalytics } from '../../../shared/analytics.schemas.js';
import type { RestockInput, RestockRecord } from '../../../shared/stock.schemas.js';
import { apiJson } from '../../lib/api.js';
import { invalidateKeys } from '../../lib/query-client.js';
import type { MachineFilter } from '../stats/api.js';

export const INVENTORY_URL = '/api/analytics/inventory';
const REFRESH_URL = '/api/analytics/refresh';
export const RESTOCKS_URL = '/api/stock/restocks';

/** While a recompute is queued or running, the figures are read again this often. */
export const REFRESH_POLL_MS = 3000;

export interface AnalyticsScope {
  machine: MachineFilter;
  range: AnalyticsRange;
}

export function inventoryUrl({ machine, range }: AnalyticsScope): string {
  const params = new URLSearchParams({ range });
  if (machine !== 'all') params.set('machineId', String(machine));
  return `${INVENTORY_URL}?${params.toString()}`;
}

// Keys start with the URL (spec 7); the scope is an object part with its own queryFn.
export const inventoryKeys = {
  /** Every scope and range: invalidate after anything that changes forecasts, stock or the purchase list. */
  all: [INVENTORY_URL] as const,
  scope: ({ machine, range }: AnalyticsScope) => [...inventoryKeys.all, { machineId: machine, range }] as const,
};

export const restockKeys = {
  all: [RESTOCKS_URL] as const,
};

/** GET /api/analytics/inventory: read again every few seconds while the server says a recompute is on its way. */
export const inventoryQuery = (scope: AnalyticsScope) =>
  queryOptions({
    queryKey: inventoryKeys.scope(scope),
    queryFn: () => apiJson<InventoryAnalytics>('GET', inventoryUrl(scope)),
    // Another machine or range keeps the figures on screen (marked busy) until the new ones arrive.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.refreshQueued ? REFRESH_POLL_MS : false),
  });

export function useInventoryAnalytics(scope: AnalyticsScope, enabled: boolean) {
  return useQuery({ ...inventoryQuery(scope), enabled });
}

/** GET /api/analytics/forecasts/:machineId/:productId: how a card's forecast was made, read when its explanation opens. */
export const forecastDetailUrl = (machineId: number, productId: number) => `/api/analytics/forecasts/${machineId}/${productId}`;

export function useForecastDetail(machineId: number, productId: number) {
  return useQuery({
    // Under the inventory key, so whatever makes the cards read again (a recompute) reads this again too.
    queryKey: [...inventoryKeys.all, 'forecast', machineId, productId],
    queryFn: () => apiJson<ForecastDetail>('GET', forecastDetailUrl(machineId, productId)),
  });
}

/**
 * POST /api/analytics/refresh: queues a recompute unless one was asked for in the last few minutes.
 * The caller reads the figures again after the answer; their own `refreshQueued` then drives the polling.
 */
export function useRefreshFigures() {
  return useMutation({ mutationFn: () => apiJson<RefreshAnalytics>('POST', REFRESH_URL) });
}

/** POST /api/stock/restocks: a counted visit replaces the assumed weekly fill in the stock figures. */
export function useRecordRestock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RestockInput) => apiJson<RestockRecord>('POST', RESTOCKS_URL, input),
    onSuccess: () => invalidateKeys(queryClient, restockKeys.all, inventoryKeys.all),
  });
}
