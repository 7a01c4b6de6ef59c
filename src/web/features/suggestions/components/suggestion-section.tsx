import type { ReactNode } from 'react';
import type { Suggestion } from '../../../../shared/feedback.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Card } from '../../../components/ui/card.js';
import { SuggestionRow } from './suggestion-row.js';
import { countOf } from '../../../../shared/wording.js';

interface SuggestionSectionProps {
  id: string;
  title: string;
  suggestions: Suggestion[];
  machineNames: Map<number, string> | undefined;
  /** Shown when the list is empty. */
  empty: { title: string; text: string; icon: ReactNode };
}

/** A titled list of suggestions with its count (spec 2.6). */
export function SuggestionSection({ id, title, suggestions, machineNames, empty }: SuggestionSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid={id}>
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
        {title}
        <Badge variant="secondary" aria-label={countOf(suggestions.length, 'suggestion')}>
          {suggestions.length}
        </Badge>
      </h2>
      <Card className="overflow-hidden">
        {suggestions.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
            {empty.icon}
            <p className="font-semibold">{empty.title}</p>
            <p className="max-w-sm text-sm text-muted-foreground">{empty.text}</p>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {suggestions.map((suggestion) => (
              <SuggestionRow key={suggestion.id} suggestion={suggestion} machineNames={machineNames} />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
