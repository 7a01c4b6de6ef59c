import { z } from 'zod';
import { SCAN_SOURCE_PARAM, scanSourceOf } from './scan-sources.js';

/** `?src=` on the public calls a vote page makes: lenient, as a stale or hand-edited link must still work. */
export const ScanSourceQuerySchema = z.object({
  [SCAN_SOURCE_PARAM]: z.string().max(40).optional().transform(scanSourceOf),
});
