import type { Database } from '../../db/client.js';
import { migrationState } from '../../db/migration-head.js';
import { TIMED_OUT, withinMs } from '../../time-limit.js';
import { READINESS_CHECKS, type Readiness } from '../../../shared/health.schemas.js';

/** A database that takes longer than this to answer one tiny query is not ready for traffic. */
export const READINESS_DATABASE_TIMEOUT_MS = 1_000;

/** A check skipped because an earlier one failed; it is not named as failed. */
const NOT_CHECKED = 'not checked';

/**
 * Whether this instance should get traffic: it is not draining (a stop has begun), the database
 * answers within a second, and the database's migrations are the ones this code ships (a database
 * behind the code lacks columns it queries; one ahead was migrated by a newer release, whose
 * instances should take the traffic). One query answers both database checks.
 */
export async function checkReadiness(db: Database, draining: boolean): Promise<Readiness> {
  if (draining) return verdict({ draining: 'the instance is stopping', database: NOT_CHECKED, migrations: NOT_CHECKED });
  let database = 'ok';
  let migrations = NOT_CHECKED;
  try {
    const state = await withinMs(READINESS_DATABASE_TIMEOUT_MS, migrationState(db));
    if (state === TIMED_OUT) database = `no answer within ${READINESS_DATABASE_TIMEOUT_MS / 1000} s`;
    else if (state.state === 'current') migrations = 'ok';
    else if (state.state === 'behind') migrations = `behind: the database has ${state.database ?? 'none'}, the code needs ${state.code}`;
    else migrations = `ahead: the database has migrations newer than the code's ${state.code} (a newer release migrated it)`;
  } catch {
    // Only whether it answered: the driver's message may name hosts, and the pool logs it anyway.
    database = 'unavailable';
  }
  return verdict({ draining: 'ok', database, migrations });
}

function verdict(checks: Readiness['checks']): Readiness {
  const failed = READINESS_CHECKS.filter((check) => checks[check] !== 'ok' && checks[check] !== NOT_CHECKED);
  return { ready: failed.length === 0, failed, checks };
}
