import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MachinePerformance, Stats, VoteTrend } from '../../../shared/products.schemas.js';
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
  /** Under `all`, so whatever makes the figures stale makes the chart stale too. */
  trend: (machine: MachineFilter) => [...statsKeys.all, 'daily', { machineId: machine }] as const,
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

/** GET /api/stats/daily: votes per day for the dashboard's chart, following the machine filter. */
export const voteTrendQuery = (machine: MachineFilter) =>
  queryOptions({
    queryKey: statsKeys.trend(machine),
    queryFn: () => apiJson<VoteTrend>('GET', machine === 'all' ? '/api/stats/daily' : `/api/stats/daily?machineId=${machine}`),
    placeholderData: keepPreviousData,
  });
