import { Link } from 'react-router';
import type { Demographics } from '../../../../shared/analytics.schemas.js';
import { paths } from '../../../lib/paths.js';
import { machineLabel, machineOfFigures } from '../format.js';
import { PlacePreferencesCard } from './place-preferences.js';
import { Section } from './section.js';

/**
 * What a share of up-votes is and how sure it is, said once above both lists. Not called a score:
 * Score means up-votes minus down-votes everywhere in the app (DECISIONS 3).
 */
function ShareExplanation({ minimumSample }: { minimumSample: number }) {
  return (
    <p className="max-w-prose text-sm text-muted-foreground">
      A category’s share of up-votes is the part of the place’s up-votes that went to its products. The ± figure is the margin of that share at 95 %
      confidence, which shrinks as up-votes add up: high confidence within ±5 points, medium within ±10, low beyond. A place needs at least{' '}
      {minimumSample} up-votes for shares.
    </p>
  );
}

/** Category preferences per location, and per state or province read from the machines' addresses. */
export function RegionalTab({ figures }: { figures: Demographics }) {
  const { regional } = figures;
  // One machine's figures are that machine's alone, not its location's: the card says whose they are.
  const machine = machineOfFigures(figures);
  return (
    <div className="grid gap-4">
      <ShareExplanation minimumSample={regional.minimumSample} />
      <Section
        title={machine ? 'This machine' : 'By location'}
        description={machine ? `The votes at ${machine.name} only, not every machine at ${machine.location}.` : undefined}
        data-testid="regional-locations"
      >
        {regional.locations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No locations in this scope.</p>
        ) : (
          <div className="grid gap-3 xl:grid-cols-2">
            {regional.locations.map((place) => (
              <PlacePreferencesCard
                key={place.name}
                place={place}
                minimumSample={regional.minimumSample}
                showRegion
                title={machine && machine.location === place.name ? machineLabel(machine) : undefined}
              />
            ))}
          </div>
        )}
      </Section>
      <Section title="By region" description="States and provinces, read from your machines’ addresses." data-testid="regional-regions">
        {regional.regions.length === 0 ? (
          <p className="text-sm">
            Add an address with a state to a machine to group by region.{' '}
            <Link to={paths.vendingMachines} className="font-medium text-primary underline-offset-4 hover:underline">
              Edit your machines
            </Link>
          </p>
        ) : (
          <div className="grid gap-3 xl:grid-cols-2">
            {regional.regions.map((place) => (
              <PlacePreferencesCard key={place.name} place={place} minimumSample={regional.minimumSample} showRegion={false} />
            ))}
          </div>
        )}
      </Section>
    </div>
  );
}
