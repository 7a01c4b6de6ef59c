import { SearchX } from 'lucide-react';
import { DonationMessages as M } from '../../../../shared/donation-hub.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { readApiError } from '../../../lib/api.js';
import { useCharitySearch, type CharitySearch } from '../api.js';
import { searchHeadline } from '../charity-format.js';
import { CharityCard } from './charity-card.js';

function ResultsSkeleton() {
  return (
    <div className="grid gap-3">
      <p role="status" className="text-sm text-muted-foreground">
        Searching for charities...
      </p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-64" />
        ))}
      </div>
    </div>
  );
}

/** A refusal of the search itself (a ZIP code the list does not know) is said as the server words it. */
function SearchFailed({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const { status, message } = readApiError(error);
  if (status === 400 && message) {
    return (
      <Alert variant="destructive">
        <p>{message}</p>
      </Alert>
    );
  }
  return <LoadError what="charities" error={error} onRetry={onRetry} retrying={retrying} />;
}

/** The charities in the circle, nearest first as the server sorts them, fifty at a time. */
export function CharityResults({ search }: { search: CharitySearch }) {
  const results = useCharitySearch(search);

  if (results.isPending) return <ResultsSkeleton />;
  if (results.isError && !results.isFetchNextPageError) {
    return <SearchFailed error={results.error} onRetry={() => void results.refetch()} retrying={results.isRefetching} />;
  }

  const pages = results.data?.pages ?? [];
  const charities = pages.flatMap((page) => page.charities);
  const total = pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="search-results-heading" className="grid min-w-0 gap-4" aria-busy={results.isFetching || undefined}>
      <h2 id="search-results-heading" className="sr-only">
        Search results
      </h2>
      <p role="status" className="text-sm font-medium" data-testid="search-headline">
        {searchHeadline(total, search.radius, search.zipCode)}
      </p>
      {charities.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 px-6 py-10 text-center">
          <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="max-w-md text-sm">{M.noCharities}</p>
        </Card>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {charities.map((charity) => (
            <CharityCard key={charity.id} charity={charity} />
          ))}
        </div>
      )}
      {results.isFetchNextPageError ? (
        <Alert variant="destructive">
          <p>Could not load more charities.{readApiError(results.error).message ? ` ${readApiError(results.error).message}` : ''}</p>
        </Alert>
      ) : null}
      {results.hasNextPage ? (
        <div className="grid justify-items-center gap-2">
          <p className="text-sm text-muted-foreground">
            Showing {charities.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
          </p>
          <Button variant="outline" loading={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
            Show more
          </Button>
        </div>
      ) : null}
    </section>
  );
}
