import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UnitCostInputSchema, type UnitCost } from '../../../shared/products.schemas.js';
import { apiJson } from '../../lib/api.js';
import { invalidateKeys } from '../../lib/query-client.js';
import { productKeys } from '../products/api.js';
import { inventoryKeys } from './api.js';
import { purchaseListKeys } from './purchase-list-api.js';

export const unitCostUrl = (productId: number) => `/api/products/${productId}/unit-cost`;

/**
 * PUT /api/products/{id}/unit-cost: what one unit costs the operator, or null to clear it. The stock
 * advice's savings and the purchase list's costs are worked out from it, so both are read again, and
 * so is the catalogue, whose Edit Product dialog shows the same cost.
 */
export function useSetUnitCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, unitCost }: { productId: number; unitCost: string | null }) =>
      apiJson<UnitCost>('PUT', unitCostUrl(productId), { unitCost }),
    onSuccess: () => invalidateKeys(queryClient, inventoryKeys.all, purchaseListKeys.all, productKeys.all),
  });
}

/** Setting a cost where none is known asks for one; an empty field there is refused with this. */
export const EMPTY_UNIT_COST_MESSAGE = 'Enter a unit cost such as 0.85';

export type CheckedUnitCost = { ok: true; unitCost: string | null } | { ok: false; message: string };

/**
 * What the shared schema says of what was typed (the same words the server would answer), and the
 * amount to send. An empty field clears a known cost (`allowEmpty`, when editing one); where the
 * cost is unknown already it is refused.
 */
export function checkUnitCost(text: string, { allowEmpty = false }: { allowEmpty?: boolean } = {}): CheckedUnitCost {
  const result = UnitCostInputSchema.safeParse({ unitCost: text });
  if (!result.success) return { ok: false, message: result.error.issues[0]?.message ?? 'Not a valid amount' };
  if (result.data.unitCost === null && !allowEmpty) return { ok: false, message: EMPTY_UNIT_COST_MESSAGE };
  return { ok: true, unitCost: result.data.unitCost };
}
