import type { QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '../../../shared/live.schemas.js';
import { issueKeys } from '../../features/vending-issues/api.js';
import { productKeys } from '../../features/products/api.js';
import { machinePerformanceKeys, statsKeys } from '../../features/stats/api.js';
import { suggestionKeys } from '../../features/suggestions/api.js';

/** What a live event makes stale: the pages that show it read again, by their query keys. */
export function keysToRefresh(event: LiveEvent): QueryKey[] {
  switch (event.type) {
    case 'vote':
      return [statsKeys.all, machinePerformanceKeys.all, productKeys.all];
    case 'suggestion':
      // An approval adds a product to the catalogue.
      return event.change === 'approved' ? [suggestionKeys.all, productKeys.all] : [suggestionKeys.all];
    case 'issue':
      return [issueKeys.all];
  }
}

/** After a gap in the stream (a reconnect), anything may have changed while the tab was not listening. */
export const EVERYTHING_LIVE: QueryKey[] = [statsKeys.all, machinePerformanceKeys.all, productKeys.all, suggestionKeys.all, issueKeys.all];
