import { Handshake } from 'lucide-react';
import { ComingWith } from './coming-with.js';

/** Affiliate Program (spec: affiliates, commission, payouts); arrives with the affiliate program. */
export function AffiliateProgramTab() {
  return (
    <ComingWith icon={Handshake} title="Affiliate Program">
      The affiliate program is not open yet: its affiliates, referrals, earnings and payouts will appear here.
    </ComingWith>
  );
}
