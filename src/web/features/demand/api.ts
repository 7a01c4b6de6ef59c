import { queryOptions } from '@tanstack/react-query';
import { demandVsSalesApi, UNMET_DEMAND_API, type DemandVsSales, type UnmetDemand } from '../../../shared/demand.schemas.js';
import { apiJson } from '../../lib/api.js';
import type { MachineFilter } from '../stats/api.js';

// Keys start with the URL (spec 7). Anything that changes planograms, stock, sales or forecasts invalidates `all`.
export const demandKeys = {
  all: [UNMET_DEMAND_API] as const,
  unmet: (machine: MachineFilter) => [...demandKeys.all, { machineId: machine }] as const,
  machine: (machineId: number) => [...demandKeys.all, 'machine', machineId] as const,
};

const unmetUrl = (machine: MachineFilter) => (machine === 'all' ? UNMET_DEMAND_API : `${UNMET_DEMAND_API}?machineId=${machine}`);

/** GET /api/analytics/unmet-demand: what customers want that the machines do not sell them. */
export const unmetDemandQuery = (machine: MachineFilter) =>
  queryOptions({ queryKey: demandKeys.unmet(machine), queryFn: () => apiJson<UnmetDemand>('GET', unmetUrl(machine)) });

/** GET /api/machines/{id}/demand: one machine's demand set against its sales. */
export const demandVsSalesQuery = (machineId: number) =>
  queryOptions({ queryKey: demandKeys.machine(machineId), queryFn: () => apiJson<DemandVsSales>('GET', demandVsSalesApi(machineId)) });
