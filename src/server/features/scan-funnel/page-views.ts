import { sql } from 'drizzle-orm';
import type { ScanSource } from '../../../shared/scan-sources.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';

/**
 * The one writer of `vote_page_views` (with addPageViews below): one more load of a machine's vote page from `source` on the
 * owner's calendar day. A count and nothing else; a failure here never fails the page.
 */
export async function countPageView(ctx: AppContext, machineId: number, source: ScanSource, timeZone: string): Promise<void> {
  await ctx.db.execute(sql`
    insert into vote_page_views (machine_id, source, day, views)
    values (${machineId}, ${source}, (now() at time zone ${timeZone})::date, 1)
    on conflict (machine_id, day, source) do update set views = vote_page_views.views + 1`);
}

/** Page views counted elsewhere (the demo's history), added to what each day already holds. */
export async function addPageViews(db: Pick<Database, 'execute'>, rows: { machineId: number; source: ScanSource; day: string; views: number }[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    const values = rows.slice(start, start + 500).map((row) => sql`(${row.machineId}, ${row.source}, ${row.day}::date, ${row.views})`);
    await db.execute(sql`
      insert into vote_page_views (machine_id, source, day, views)
      values ${sql.join(values, sql`, `)}
      on conflict (machine_id, day, source) do update set views = vote_page_views.views + excluded.views`);
  }
}
