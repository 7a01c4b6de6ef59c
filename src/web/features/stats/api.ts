import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MachinePerformance, Stats } from '../../../shared/products.schemas.js';
import { apiJson } from '../../lib/api.js';

/*
 * Figures derived from votes. They have no page of their own: the dashboard shows them, and every
 * feature that changes votes, products or machines makes them stale by these keys.
 */

/** The figures' scope: every machine of the operator, or one machine's id. */
export type MachineFilter = 'all' | number;

export const statsKeys = {
  /** Every scope: invalidate this after anything that changes votes, products or machines. */
  all: ['/api/stats'] as const,
  scope: (machine: MachineFilter) => [...statsKeys.all, { machineId: machine }] as const,
};

export const machinePerformanceKeys = {
  all: ['/api/dashboard/machines'] as const,
};

/** GET /api/stats, optionally for one machine (spec 7: cached per machine). */
export const statsQuery = (machine: MachineFilter) =>
  queryOptions({
    queryKey: statsKeys.scope(machine),
    queryFn: () => apiJson<Stats>('GET', machine === 'all' ? '/api/stats' : `/api/stats?machineId=${machine}`),
    // Switching machines keeps the old figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

/** GET /api/dashboard/machines through the default loader (key parts joined by '/'). */
export const machinePerformanceQuery = queryOptions<MachinePerformance[]>({ queryKey: machinePerformanceKeys.all });
