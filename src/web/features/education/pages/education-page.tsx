import { SearchX } from 'lucide-react';
import { useState } from 'react';
import type { EducatorCategory } from '../../../../shared/educators.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { PageTitle } from '../../../components/page-title.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { useEducatorDirectory } from '../api.js';
import { BenefitTiles } from '../components/benefit-tiles.js';
import { ComingSoon } from '../components/coming-soon.js';
import { EducationFilters } from '../components/education-filters.js';
import { EducatorCard } from '../components/educator-card.js';

const SEARCH_DELAY_MS = 300;

/** /education (spec: Education): the directory of educators admins keep. */
export function EducationPage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<EducatorCategory | undefined>();
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS).trim();
  const directory = useEducatorDirectory({ search: settledSearch, category });
  const filtered = settledSearch !== '' || category !== undefined;

  const clearFilters = () => {
    setSearch('');
    setCategory(undefined);
  };

  let content;
  if (directory.isPending) {
    content = (
      <p role="status" className="py-12 text-center text-muted-foreground">
        Loading educational resources...
      </p>
    );
  } else if (directory.isError) {
    content = <LoadError what="the educational resources" error={directory.error} onRetry={() => void directory.refetch()} retrying={directory.isRefetching} />;
  } else if (directory.data.total === 0) {
    content = <ComingSoon notifyRequested={directory.data.notifyRequested} />;
  } else {
    const { educators, total, examples, notifyRequested } = directory.data;
    content = (
      <>
        {/* Only the demo data's examples so far: the directory is not really open yet. */}
        {examples === total ? <ComingSoon notifyRequested={notifyRequested} examplesBelow /> : null}
        <EducationFilters search={search} onSearchChange={setSearch} category={category} onCategoryChange={setCategory} />
        <p role="status" className="text-sm text-muted-foreground">
          {countOf(educators.length, 'educator')}
        </p>
        {educators.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title="No educators match your search"
            hint="Try another word or category."
            action={filtered ? { label: 'Clear filters', onClick: clearFilters } : undefined}
          />
        ) : (
          <section aria-labelledby="educators-heading" className="grid gap-3">
            <h2 id="educators-heading" className="sr-only">
              Educators
            </h2>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={directory.isFetching}>
              {educators.map((educator) => (
                <EducatorCard key={educator.id} educator={educator} />
              ))}
            </div>
          </section>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 gap-6">
      <PageTitle title="Education" />
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Education</h1>
        <p className="text-muted-foreground">Courses and teachers for running and growing a vending business.</p>
      </header>
      <BenefitTiles />
      {content}
    </div>
  );
}
