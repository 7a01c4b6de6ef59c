import { Archive, Lightbulb, RotateCw } from 'lucide-react';
import { PageTitle } from '../../../components/page-title.js';
import { Alert, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { readApiError } from '../../../lib/api.js';
import { useMachineNames, useSuggestions } from '../api.js';
import { SuggestionSection } from '../components/suggestion-section.js';

/** Spec 2.6: three placeholder rows while the suggestions load. */
export const SUGGESTION_SKELETON_ROWS = 3;

/** /admin/suggestions (spec 2.6): customers' product ideas, to approve into the catalogue or decline. */
export function SuggestionsPage() {
  const suggestions = useSuggestions();
  const machineNames = useMachineNames();

  let content;
  if (suggestions.isPending) {
    content = (
      <Card>
        <ul role="status" aria-label="Loading suggestions" className="divide-y divide-border">
          {Array.from({ length: SUGGESTION_SKELETON_ROWS }, (_, index) => (
            <li key={index} className="grid gap-2 p-4" data-testid="suggestion-skeleton-row">
              <Skeleton className="h-5 w-1/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-1/4" />
            </li>
          ))}
        </ul>
      </Card>
    );
  } else if (suggestions.isError) {
    content = (
      <Alert variant="destructive">
        <AlertTitle>The suggestions could not be loaded</AlertTitle>
        <p>{readApiError(suggestions.error).message ?? 'Please check your connection and try again.'}</p>
        <Button variant="outline" size="sm" className="mt-1 w-fit" onClick={() => void suggestions.refetch()}>
          <RotateCw className="size-4" aria-hidden="true" />
          Retry
        </Button>
      </Alert>
    );
  } else {
    const pending = suggestions.data.filter((suggestion) => suggestion.status === 'pending');
    const processed = suggestions.data.filter((suggestion) => suggestion.status !== 'pending');
    content = (
      <>
        <SuggestionSection
          id="pending-suggestions"
          title="Pending Suggestions"
          suggestions={pending}
          machineNames={machineNames}
          empty={{
            icon: <Lightbulb className="size-8 text-muted-foreground" aria-hidden="true" />,
            title: 'No pending suggestions',
            text: 'Product ideas your customers send from a machine’s vote page appear here.',
          }}
        />
        <SuggestionSection
          id="processed-suggestions"
          title="Processed Suggestions"
          suggestions={processed}
          machineNames={machineNames}
          empty={{
            icon: <Archive className="size-8 text-muted-foreground" aria-hidden="true" />,
            title: 'No processed suggestions yet',
            text: 'Suggestions you approve or decline are kept here.',
          }}
        />
      </>
    );
  }

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageTitle title="Product Suggestions" />
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Product Suggestions</h1>
        <p className="text-muted-foreground">Approve a suggestion to add it to your products, or decline it.</p>
      </header>
      {content}
    </div>
  );
}
