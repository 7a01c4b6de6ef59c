import { useId } from 'react';
import { EDUCATOR_CATEGORIES, EDUCATOR_LIMITS, type EducatorCategory } from '../../../../shared/educators.schemas.js';
import { SearchFilterBar } from '../../../components/search-filter-bar.js';

const ALL = 'all';
const CATEGORY_OPTIONS = [{ value: ALL, label: 'All categories' }, ...EDUCATOR_CATEGORIES.map((value) => ({ value, label: value }))];

interface EducationFiltersProps {
  search: string;
  onSearchChange: (search: string) => void;
  category?: EducatorCategory;
  onCategoryChange: (category?: EducatorCategory) => void;
}

const isCategory = (value: string): value is EducatorCategory => (EDUCATOR_CATEGORIES as readonly string[]).includes(value);

/** Search in names and descriptions, and one category or all. */
export function EducationFilters({ search, onSearchChange, category, onCategoryChange }: EducationFiltersProps) {
  const id = useId();
  return (
    <SearchFilterBar
      search={{
        id: `${id}-search`,
        label: 'Search educators',
        placeholder: 'Name or description…',
        maxLength: EDUCATOR_LIMITS.search,
        value: search,
        onChange: onSearchChange,
      }}
      choice={{
        id: `${id}-category`,
        label: 'Category',
        value: category ?? ALL,
        options: CATEGORY_OPTIONS,
        onChange: (value) => onCategoryChange(isCategory(value) ? value : undefined),
      }}
    />
  );
}
