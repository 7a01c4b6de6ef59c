import { useId } from 'react';
import { EDUCATOR_CATEGORIES, type EducatorCategory } from '../../../../shared/educators.schemas.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';

interface CategoryFieldProps {
  value: EducatorCategory | '' | undefined;
  onChange: (category: EducatorCategory) => void;
  error?: string;
}

/** The educator's category, one of the spec's five, labelled and tied to its error. */
export function EducatorCategoryField({ value, onChange, error }: CategoryFieldProps) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Category *</Label>
      <Select value={value || undefined} onValueChange={(next) => onChange(next as EducatorCategory)}>
        <SelectTrigger id={id} aria-required="true" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
          <SelectValue placeholder="Choose a category" />
        </SelectTrigger>
        <SelectContent>
          {EDUCATOR_CATEGORIES.map((category) => (
            <SelectItem key={category} value={category}>
              {category}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
