import { z } from 'zod';
import { ROUTE_ACTION_KEEP_DAYS } from '../../../shared/route.schemas.js';
import { defineJob } from '../../jobs/job-definition.js';
import { forgetOldRouteActions } from './route-actions.service.js';

/** The keys of changes sent from the route are kept 30 days: long past any phone's offline queue. */
export const pruneRouteActionsJob = defineJob({
  payload: z.object({}),
  async handle(_payload, { db, log }) {
    const removed = await forgetOldRouteActions(db, new Date());
    if (removed > 0) log.info({ removed, keepDays: ROUTE_ACTION_KEEP_DAYS }, 'old route change keys removed');
  },
});
