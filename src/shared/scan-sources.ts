/*
 * Where a customer came to a machine's vote page from (the scan-to-vote funnel). QR codes and links
 * carry it as `?src=`; nothing about the person is kept, only counts per machine, source and day.
 */

export const SCAN_SOURCES = ['screen', 'sheet', 'magnet', 'link', 'direct'] as const;
export type ScanSource = (typeof SCAN_SOURCES)[number];

export const SCAN_SOURCE_LABELS: Record<ScanSource, string> = {
  screen: 'QR code (on screen or downloaded)',
  sheet: 'QR sheet (PDF)',
  magnet: 'QR magnet',
  link: 'Copied link',
  direct: 'Other (no source)',
};

/** The query parameter that carries the source. */
export const SCAN_SOURCE_PARAM = 'src';

/** A source from a query value: anything unknown or missing counts as 'direct', never as an error. */
export function scanSourceOf(value: unknown): ScanSource {
  return typeof value === 'string' && (SCAN_SOURCES as readonly string[]).includes(value) && value !== 'direct' ? (value as ScanSource) : 'direct';
}

/** A vote page address carrying its source. */
export function withScanSource(voteUrl: string, source: Exclude<ScanSource, 'direct'>): string {
  return `${voteUrl}${voteUrl.includes('?') ? '&' : '?'}${SCAN_SOURCE_PARAM}=${source}`;
}

