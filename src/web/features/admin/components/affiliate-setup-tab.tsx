import { PlugZap } from 'lucide-react';
import { ComingWith } from './coming-with.js';

/** Affiliate Setup (spec: commission stats and the retailer integrations); arrives with the affiliate program. */
export function AffiliateSetupTab() {
  return (
    <ComingWith icon={PlugZap} title="Affiliate Setup">
      The affiliate program is not open yet: its commission settings and retailer integrations will be set up here.
    </ComingWith>
  );
}
