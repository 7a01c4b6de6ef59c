import { PRODUCT_CATEGORIES } from '../../../shared/catalog.js';
import { categoryLabelOf, useI18n } from '../lib/i18n.js';
import { ALL_CATEGORIES, SORTS, type ProductFilter, type ProductSort } from '../lib/product-view.js';
import { Icon } from './icons.js';
import { inputClass, labelClass } from './ui.js';

interface ProductFiltersProps {
  filter: ProductFilter;
  onChange: (filter: ProductFilter) => void;
}

/** Search, category and sort for the full list (spec 2.4). */
export function ProductFilters({ filter, onChange }: ProductFiltersProps) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
      <div>
        <label htmlFor="product-search" className={labelClass}>
          {t('filters.search')}
        </label>
        <div className="relative">
          <Icon name="search" className="pointer-events-none absolute top-3 left-3 size-5 text-muted-foreground" />
          <input
            id="product-search"
            type="search"
            value={filter.search}
            onChange={(event) => onChange({ ...filter, search: event.target.value })}
            placeholder={t('filters.searchPlaceholder')}
            className={`${inputClass} pl-10`}
            autoComplete="off"
          />
        </div>
      </div>
      {/* One under the other on a phone: side by side, 'Todas las categorías' did not fit its half. */}
      <div className="grid grid-cols-1 gap-3 sm:contents">
        <div>
          <label htmlFor="product-category" className={labelClass}>
            {t('filters.category')}
          </label>
          <select
            id="product-category"
            value={filter.category}
            onChange={(event) => onChange({ ...filter, category: event.target.value })}
            className={inputClass}
          >
            <option value={ALL_CATEGORIES}>{t('filters.allCategories')}</option>
            {PRODUCT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabelOf(i18n, category)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="product-sort" className={labelClass}>
            {t('filters.sort')}
          </label>
          <select
            id="product-sort"
            value={filter.sort}
            onChange={(event) => onChange({ ...filter, sort: event.target.value as ProductSort })}
            className={inputClass}
          >
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sort.${sort}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
