import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SLOT_VISIT_API, slotStockApi, type MachineSlotStock, type SlotVisitInput } from '../../../shared/slot-stock.schemas.js';
import type { RestockBatch } from '../../../shared/stock.schemas.js';
import { apiJson } from '../../lib/api.js';
import { invalidateKeys } from '../../lib/query-client.js';
import { demandKeys } from '../demand/api.js';
import { inventoryKeys, restockKeys } from '../inventory-analytics/api.js';
import { MACHINES_URL } from '../machines/api.js';

// Under the machines' URL, so invalidating every machine answer (a machine deleted) reaches its stock too.
export const slotStockKeys = {
  machine: (machineId: number) => [MACHINES_URL, machineId, 'stock'] as const,
};

/** GET /api/machines/{id}/stock: each slot's estimated stock and what the figure rests on. */
export const slotStockQuery = (machineId: number) =>
  queryOptions({ queryKey: slotStockKeys.machine(machineId), queryFn: () => apiJson<MachineSlotStock>('GET', slotStockApi(machineId)) });

/** POST /api/stock/restocks/slots: a visit changes the stock, the forecasts and what is missing or sold out. */
export function useRecordSlotVisit(machineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SlotVisitInput) => apiJson<RestockBatch>('POST', SLOT_VISIT_API, input),
    onSuccess: () => invalidateKeys(queryClient, slotStockKeys.machine(machineId), inventoryKeys.all, restockKeys.all, demandKeys.all),
  });
}
