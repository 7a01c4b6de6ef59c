import { withScanSource } from '../../shared/scan-sources.js';
import { paths } from './paths.js';

/** The page is served from the public address, so its origin is where the QR codes lead. */
export function voteUrlOf(machineId: number): string {
  return `${window.location.origin}${paths.vote(machineId)}`;
}

/** The address an operator copies to share: it tells the scan funnel the visit came from a shared link. */
export function sharedVoteUrlOf(machineId: number): string {
  return withScanSource(voteUrlOf(machineId), 'link');
}
