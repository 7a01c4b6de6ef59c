import { useId } from 'react';
import { SearchField } from '../../../components/search-filter-bar.js';
import { Button } from '../../../components/ui/button.js';

interface CatalogFiltersProps {
  searchLabel: string;
  search: string;
  onSearchChange: (search: string) => void;
  categories: string[];
  /** Absent for every category. */
  category?: string;
  onCategoryChange: (category?: string) => void;
  onClear: () => void;
}

/** A search box and one chip per category (a single choice, so pressed state tells which). */
export function CatalogFilters({ searchLabel, search, onSearchChange, categories, category, onCategoryChange, onClear }: CatalogFiltersProps) {
  const id = useId();
  const chip = (value: string | undefined, label: string) => {
    const pressed = category === value;
    return (
      <Button
        key={label}
        size="sm"
        variant={pressed ? 'primary' : 'outline'}
        aria-pressed={pressed}
        className="rounded-full"
        onClick={() => onCategoryChange(value)}
      >
        {label}
      </Button>
    );
  };
  const filtered = Boolean(category) || search.trim() !== '';
  return (
    <div role="search" className="grid gap-3">
      <SearchField id={`${id}-search`} label={searchLabel} placeholder="Name, brand or feature…" value={search} onChange={onSearchChange} />
      <div className="flex flex-wrap items-center gap-2" role="group" aria-labelledby={`${id}-category`}>
        <span id={`${id}-category`} className="text-sm font-medium">
          Category
        </span>
        {chip(undefined, 'All')}
        {categories.map((value) => chip(value, value))}
        {filtered ? (
          <Button size="sm" variant="link" className="ml-auto" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
