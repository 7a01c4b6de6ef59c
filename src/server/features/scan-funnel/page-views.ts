import { sql } from 'drizzle-orm';
import type { ScanSource } from '../../../shared/scan-sources.js';
import type { AppContext } from '../../context.js';

/**
 * The one writer of `vote_page_views`: one more load of a machine's vote page from `source` on the
 * owner's calendar day. A count and nothing else; a failure here never fails the page.
 */
export async function countPageView(ctx: AppContext, machineId: number, source: ScanSource, timeZone: string): Promise<void> {
  await ctx.db.execute(sql`
    insert into vote_page_views (machine_id, source, day, views)
    values (${machineId}, ${source}, (now() at time zone ${timeZone})::date, 1)
    on conflict (machine_id, day, source) do update set views = vote_page_views.views + 1`);
}
