import { ChevronLeft, Store, Vote } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RANGE_LABELS, type Demographics } from '../../../../shared/analytics.schemas.js';
import { PageTitle } from '../../../components/page-title.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.js';
import { cn } from '../../../lib/cn.js';
import { paths } from '../../../lib/paths.js';
import { demographicsReportUrl } from '../api.js';
import { AgeTab } from '../components/age-tab.js';
import { BehaviorTab } from '../components/behavior-tab.js';
import { DemographicsSkeleton } from '../components/demographics-skeleton.js';
import { FiguresFreshness } from '../components/figures-freshness.js';
import { InsightsTab } from '../components/insights-tab.js';
import { RegionalTab } from '../components/regional-tab.js';
import { ScopeFilters } from '../components/scope-filters.js';
import { SummaryTiles } from '../components/summary-tiles.js';
import {
  DEMOGRAPHICS_TAB_NAMES,
  DEMOGRAPHICS_TABS,
  searchForSelection,
  selectionFromSearch,
  type DemographicsScope,
  type DemographicsSelection,
  type DemographicsTab,
} from '../demographics-search.js';
import { useDemographicsFigures } from '../use-figures-refresh.js';

/** The machines the figures cover: all of them, a location's, or one. */
function machinesInScope(locations: Demographics['locations'], scope: DemographicsScope): number {
  if (scope.kind === 'machine') return 1;
  const covered = scope.kind === 'location' ? locations.filter((location) => location.name === scope.location) : locations;
  return covered.reduce((total, location) => total + location.machines.length, 0);
}

function NoMachines() {
  return (
    <Card>
      <EmptyState
        icon={Store}
        title="No vending machines yet"
        hint="Demographics come from the votes at your machines. Add a machine and put its QR code on it to start."
      />
      <div className="flex justify-center pb-10">
        <Link to={paths.vendingMachines} className={buttonClasses()}>
          Add a vending machine
        </Link>
      </div>
    </Card>
  );
}

/** /resources/demographics (spec extended 'Demographics'): who votes, when, from what, and where. */
export function DemographicsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selection = selectionFromSearch(searchParams);
  const { scope, range, tab } = selection;
  const { figures, refresh, refreshing, notice, requestError } = useDemographicsFigures(scope, range);
  const tabTriggers = useRef<Partial<Record<DemographicsTab, HTMLButtonElement | null>>>({});

  const choose = (next: Partial<DemographicsSelection>) => setSearchParams(searchForSelection({ ...selection, ...next }), { replace: true });
  const tabHref = (name: DemographicsTab) => {
    const search = searchForSelection({ ...selection, tab: name }).toString();
    return search ? `${paths.demographics}?${search}` : paths.demographics;
  };
  // A link inside a tab that opens another: the focus goes to the new tab, not to the page's start.
  const focusTab = (name: DemographicsTab) => requestAnimationFrame(() => tabTriggers.current[name]?.focus());

  const data = figures.data;
  const filters = (
    <ScopeFilters
      locations={data?.locations ?? []}
      scope={scope}
      range={range}
      onScopeChange={(next) => choose({ scope: next })}
      onRangeChange={(next) => choose({ range: next })}
    />
  );

  let content: ReactNode;
  if (figures.isError && !data) {
    content = (
      <>
        {filters}
        <LoadError what="the demographics" error={figures.error} onRetry={() => void figures.refetch()} retrying={figures.isFetching} />
        {scope.kind === 'all' ? null : (
          <Button variant="outline" className="w-fit" onClick={() => choose({ scope: { kind: 'all' } })}>
            Show all locations
          </Button>
        )}
      </>
    );
  } else if (!data) {
    content = (
      <>
        {filters}
        <DemographicsSkeleton />
      </>
    );
  } else if (data.locations.length === 0) {
    content = <NoMachines />;
  } else {
    const updating = figures.isPlaceholderData;
    content = (
      <>
        {filters}
        <FiguresFreshness
          computedAt={data.computedAt}
          timeZone={data.timeZone}
          refreshing={refreshing}
          notice={notice}
          requestError={requestError}
          onRefresh={refresh}
        />
        <div
          aria-busy={updating || undefined}
          className={cn('grid min-w-0 gap-6', updating && 'opacity-60 transition-opacity')}
          data-testid="demographics-figures"
        >
          {data.behavior.totalVotes === 0 ? (
            <Card>
              <EmptyState
                icon={Vote}
                title="No votes yet in this period"
                hint={`No customer has voted here in the ${RANGE_LABELS[range].toLowerCase()}. Votes appear once customers scan the QR codes on your machines.`}
                action={
                  range === '1y' ? undefined : { label: `Show the ${RANGE_LABELS['1y'].toLowerCase()}`, onClick: () => choose({ range: '1y' }) }
                }
              />
            </Card>
          ) : (
            <>
              <SummaryTiles figures={data} machines={machinesInScope(data.locations, scope)} />
              <Tabs value={tab} onValueChange={(value) => choose({ tab: value as DemographicsTab })} className="grid min-w-0 grid-cols-1 gap-4">
                <TabsList aria-label="Demographics sections">
                  {DEMOGRAPHICS_TAB_NAMES.map((name) => (
                    <TabsTrigger
                      key={name}
                      value={name}
                      ref={(element) => {
                        tabTriggers.current[name] = element;
                      }}
                    >
                      {DEMOGRAPHICS_TABS[name]}
                    </TabsTrigger>
                  ))}
                </TabsList>
                <TabsContent value="age">
                  <AgeTab tabHref={tabHref} onOpenTab={focusTab} />
                </TabsContent>
                <TabsContent value="behavior">
                  <BehaviorTab figures={data} />
                </TabsContent>
                <TabsContent value="regional">
                  <RegionalTab figures={data} />
                </TabsContent>
                <TabsContent value="insights">
                  <InsightsTab figures={data} reportUrl={demographicsReportUrl(scope, range)} />
                </TabsContent>
              </Tabs>
            </>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 grid-cols-1 gap-6">
      <PageTitle title="Demographics" />
      <header className="grid gap-3">
        <Link to={paths.resources} className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ChevronLeft className="size-4" aria-hidden="true" />
          Business Resources
        </Link>
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Demographics</h1>
          <p className="text-muted-foreground">Who votes at your machines, when, and from what kind of device — drawn from the votes themselves.</p>
        </div>
      </header>
      {content}
    </div>
  );
}
