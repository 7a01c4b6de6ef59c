import type { Demographics } from '../../../../shared/analytics.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { StatCard } from '../../../components/stat-card.js';
import { formatCount, hourLabel, hourRange, machineOfFigures, percentOf } from '../format.js';
import { DevicesByLocation, DeviceShares } from './device-breakdown.js';
import { LazyBarChart } from './lazy-bar-chart.js';
import { Section } from './section.js';

const votesLabel = (votes: number) => countOf(votes, 'vote');

/** Who votes, how often, when, and from what kind of device. */
export function BehaviorTab({ figures }: { figures: Demographics }) {
  const { behavior, timeZone } = figures;
  // One machine's figures are that machine's alone: the per-location card names it, not its location.
  const machine = machineOfFigures(figures);
  const busiestDay = behavior.daily.reduce((best, day) => (day.votes > best.votes ? day : best), behavior.daily[0] ?? { day: '', votes: 0 });
  return (
    <div className="grid gap-4">
      <section aria-label="Voters" className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Total voters"
          value={formatCount(behavior.totalVoters)}
          caption="Distinct voters in this period"
          data-testid="behavior-voters"
        />
        <StatCard
          label="Returning voters"
          value={`${formatCount(behavior.returningVoters)} (${percentOf(behavior.returningVoters, behavior.totalVoters)}%)`}
          caption="Voted on two or more different days"
          data-testid="behavior-returning"
        />
        <StatCard
          label="Votes per voter"
          value={behavior.votesPerVoter.toLocaleString('en-US', { maximumFractionDigits: 1 })}
          caption={`${votesLabel(behavior.totalVotes)} in all`}
          data-testid="behavior-votes-per-voter"
        />
        <StatCard
          label="Peak hour"
          value={behavior.peakHour === null ? 'No data' : hourRange(behavior.peakHour)}
          caption={behavior.peakHour === null ? 'No votes yet' : `${votesLabel(behavior.hourly[behavior.peakHour]?.votes ?? 0)} in that hour`}
          data-testid="behavior-peak-hour"
        />
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section
          title="Votes by day of the week"
          description={busiestDay.votes > 0 ? `Busiest day: ${busiestDay.day}. Days in ${timeZone}.` : `Days in ${timeZone}.`}
        >
          <LazyBarChart
            bars={behavior.daily.map((day) => ({ label: day.day, value: day.votes }))}
            title="Votes by day of the week"
            labelHeading="Day"
            valueHeading="Votes"
            formatValue={votesLabel}
            testId="daily-chart"
          />
        </Section>
        <Section title="Votes by hour of the day" description={`Hours in ${timeZone}.`}>
          <LazyBarChart
            bars={behavior.hourly.map((hour) => ({ label: hourLabel(hour.hour), value: hour.votes }))}
            title="Votes by hour of the day"
            labelHeading="Hour"
            valueHeading="Votes"
            formatValue={votesLabel}
            minTickGap={16}
            testId="hourly-chart"
          />
        </Section>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section
          title="Device types"
          description="Only a coarse class of device is recorded with a vote — phone, tablet or desktop — never the browser’s name, version or any other identity."
        >
          <DeviceShares devices={behavior.devices} />
          <p className="text-xs text-muted-foreground">
            Unknown: votes cast before we recorded device types, and votes from devices that are not plainly a phone, a tablet or a desktop.
          </p>
        </Section>
        {machine ? (
          <Section
            title="Device usage at this machine"
            description={`Votes from each kind of device at ${machine.name} only, not every machine at ${machine.location}.`}
          >
            <DevicesByLocation rows={behavior.devicesByLocation} machine={machine} />
          </Section>
        ) : (
          <Section title="Device usage per location" description="Votes from each kind of device at each of your locations.">
            <DevicesByLocation rows={behavior.devicesByLocation} />
          </Section>
        )}
      </div>
    </div>
  );
}
