import { Search } from 'lucide-react';
import { Input } from './ui/input.js';
import { Label } from './ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select.js';

interface LabelledControl {
  /** The control's id; pages keep their own so links and tests can name the field. */
  id: string;
  label: string;
  value: string;
}

export interface SearchBox extends LabelledControl {
  placeholder: string;
  /** The longest search the server takes, so the box never sends one it would refuse. */
  maxLength?: number;
  onChange: (value: string) => void;
}

interface Choice extends LabelledControl {
  options: readonly { value: string; label: string }[];
  /** The chosen option's value; the caller checks it is one of its own before taking it. */
  onChange: (value: string) => void;
}

/** A labelled search box with the magnifier inside it, for a search landmark of the caller's. */
export function SearchField({ id, label, value, placeholder, maxLength, onChange }: SearchBox) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          id={id}
          type="search"
          className="pl-9"
          placeholder={placeholder}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}

/**
 * A list's search landmark: a free-text box and one choice beside it (a filter or a sort), side by
 * side from small screens up and stacked on a phone. Any waiting before a search runs is the
 * caller's, since only it knows whether the search goes to the server.
 */
export function SearchFilterBar({ search, choice }: { search: SearchBox; choice: Choice }) {
  return (
    <div role="search" className="grid gap-3 sm:grid-cols-[1fr_14rem]">
      <SearchField {...search} />
      <div className="grid gap-2">
        <Label htmlFor={choice.id}>{choice.label}</Label>
        <Select value={choice.value} onValueChange={choice.onChange}>
          <SelectTrigger id={choice.id}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {choice.options.map((option) => (
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
