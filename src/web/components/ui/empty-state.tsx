import type { LucideIcon } from 'lucide-react';
import { Button } from './button.js';

interface EmptyStateProps {
  /** Drawn large above the title, hidden from screen readers. */
  icon: LucideIcon;
  title: string;
  hint?: string;
  /** The heading level this panel stands at, so the page's headings never skip one. */
  level?: 2 | 3;
  /** Usually the way back to the whole list after a search. */
  action?: { label: string; onClick: () => void };
}

/** A list with nothing to show, yet or after a search, saying why and offering the way on. */
export function EmptyState({ icon: Icon, title, hint, level = 2, action }: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <Heading className="text-lg font-semibold">{title}</Heading>
      {hint ? <p className="max-w-sm text-sm text-muted-foreground">{hint}</p> : null}
      {action ? (
        <Button variant="outline" size="sm" onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
    </div>
  );
}
