import type { PreviewRow } from '../../../shared/product-import.js';

/** What the page sends the parse worker: the file, and the catalogue to mark existing products. */
export interface ParseRequest {
  file: File;
  catalogue: { name: string; brand: string }[];
}

export type ParseReply = { ok: true; rows: PreviewRow[] } | { ok: false; title: string; message: string };
