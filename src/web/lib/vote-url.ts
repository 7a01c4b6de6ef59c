import { paths } from './paths.js';

/** The page is served from the public address, so its origin is where the QR codes lead. */
export function voteUrlOf(machineId: number): string {
  return `${window.location.origin}${paths.vote(machineId)}`;
}
