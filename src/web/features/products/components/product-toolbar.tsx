import { Search } from 'lucide-react';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { SORT_OPTIONS, type SortOrder } from '../catalogue-view.js';

interface ProductToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  sort: SortOrder;
  onSortChange: (sort: SortOrder) => void;
}

/** Search and sort for the catalogue list (spec 2.5). */
export function ProductToolbar({ search, onSearchChange, sort, onSortChange }: ProductToolbarProps) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_12rem]">
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor="product-search">Search products</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="product-search"
            type="search"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder="Name, brand or category"
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor="product-sort">Sort by</Label>
        <Select value={sort} onValueChange={(value) => onSortChange(value as SortOrder)}>
          <SelectTrigger id="product-sort">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SORT_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
