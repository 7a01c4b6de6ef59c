import { Clock, MapPin, Smartphone, Users } from 'lucide-react';
import type { Demographics } from '../../../../shared/analytics.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { StatCard } from '../../../components/stat-card.js';
import { formatCount, hourRange, percentOf } from '../format.js';

/** Votes whose device class is known (phone, tablet or desktop). */
export const knownDeviceVotes = ({ phone, tablet, desktop }: Demographics['behavior']['devices']) => phone + tablet + desktop;

/** The four figures above the tabs, for the chosen scope and range. */
export function SummaryTiles({ figures, machines }: { figures: Demographics; machines: number }) {
  const { behavior, regional } = figures;
  const known = knownDeviceVotes(behavior.devices);
  return (
    <section aria-label="Summary" className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
      <StatCard
        label="Total voters"
        value={formatCount(behavior.totalVoters)}
        icon={Users}
        caption={`${countOf(behavior.totalVotes, 'vote')} cast`}
        data-testid="tile-voters"
      />
      <StatCard
        label="Locations"
        value={formatCount(regional.locations.length)}
        icon={MapPin}
        caption={countOf(machines, 'machine')}
        data-testid="tile-locations"
      />
      <StatCard
        label="Phone share"
        value={known === 0 ? 'No data' : `${percentOf(behavior.devices.phone, known)}%`}
        icon={Smartphone}
        caption={known === 0 ? 'No vote with a known device yet' : `of ${countOf(known, 'vote')} with a known device`}
        data-testid="tile-phone-share"
      />
      <StatCard
        label="Peak hour"
        value={behavior.peakHour === null ? 'No data' : hourRange(behavior.peakHour)}
        icon={Clock}
        caption={`Your time zone, ${figures.timeZone}`}
        data-testid="tile-peak-hour"
      />
    </section>
  );
}
