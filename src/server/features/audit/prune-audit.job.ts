import { z } from 'zod';
import { AUDIT_RETENTION_DAYS } from '../../../shared/audit.schemas.js';
import { defineJob } from '../../jobs/job-definition.js';
import { pruneAuditEvents } from './audit.service.js';

/** Audit entries are kept 400 days (a year and a month of margin for a yearly review), then removed. */
export const pruneAuditEventsJob = defineJob({
  payload: z.object({}),
  async handle(_payload, { db, log }) {
    const removed = await pruneAuditEvents(db, new Date());
    if (removed > 0) log.info({ removed, retentionDays: AUDIT_RETENTION_DAYS }, 'old audit entries removed');
  },
});
