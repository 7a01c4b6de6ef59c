import { PRODUCT_CATEGORIES } from '../../../shared/catalog.js';
import { ALL_CATEGORIES, SORTS, type ProductFilter, type ProductSort } from '../lib/product-view.js';
import { Icon } from './icons.js';
import { inputClass, labelClass } from './ui.js';

interface ProductFiltersProps {
  filter: ProductFilter;
  onChange: (filter: ProductFilter) => void;
}

/** Search, category and sort for the full list (spec 2.4). */
export function ProductFilters({ filter, onChange }: ProductFiltersProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
      <div>
        <label htmlFor="product-search" className={labelClass}>
          Search products
        </label>
        <div className="relative">
          <Icon name="search" className="pointer-events-none absolute top-3 left-3 size-5 text-muted-foreground" />
          <input
            id="product-search"
            type="search"
            value={filter.search}
            onChange={(event) => onChange({ ...filter, search: event.target.value })}
            placeholder="Name, brand or category"
            className={`${inputClass} pl-10`}
            autoComplete="off"
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:contents">
        <div>
          <label htmlFor="product-category" className={labelClass}>
            Category
          </label>
          <select
            id="product-category"
            value={filter.category}
            onChange={(event) => onChange({ ...filter, category: event.target.value })}
            className={inputClass}
          >
            <option value={ALL_CATEGORIES}>All Categories</option>
            {PRODUCT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="product-sort" className={labelClass}>
            Sort by
          </label>
          <select
            id="product-sort"
            value={filter.sort}
            onChange={(event) => onChange({ ...filter, sort: event.target.value as ProductSort })}
            className={inputClass}
          >
            {(Object.keys(SORTS) as ProductSort[]).map((sort) => (
              <option key={sort} value={sort}>
                {SORTS[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
