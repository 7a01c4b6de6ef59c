import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { DonationMessages as M, SEARCH_RADII, ZIP_LENGTH } from '../../../../shared/donation-hub.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isSearchRadius, isZipCode, type SearchRadius } from '../donation-hub-search.js';

export interface SearchRequest {
  zipCode: string;
  radius: SearchRadius;
  /** Asked with the Search button: the same search is read again. */
  again: boolean;
}

interface CharitySearchFormProps {
  /** The search in the URL, which the fields start from. */
  zipCode: string | null;
  radius: SearchRadius;
  onSearch: (request: SearchRequest) => void;
}

/**
 * ZIP code, radius and Search (spec 2, 5). Results follow a complete ZIP code as it is typed and a
 * new radius at once; Search reads them again, or says why it cannot.
 */
export function CharitySearchForm({ zipCode, radius: searchedRadius, onSearch }: CharitySearchFormProps) {
  const [zip, setZip] = useState(zipCode ?? '');
  const [radius, setRadius] = useState<SearchRadius>(searchedRadius);
  const radiusId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = zip.trim();
    if (!isZipCode(typed)) {
      toast({ title: M.invalidZipTitle, description: M.invalidZip, variant: 'destructive' });
      return;
    }
    onSearch({ zipCode: typed, radius, again: true });
  };

  const changeZip = (value: string) => {
    setZip(value);
    if (isZipCode(value)) onSearch({ zipCode: value, radius, again: false });
  };

  const changeRadius = (value: string) => {
    const next = Number(value);
    if (!isSearchRadius(next)) return;
    setRadius(next);
    if (isZipCode(zip.trim())) onSearch({ zipCode: zip.trim(), radius: next, again: false });
  };

  return (
    <form role="search" aria-label="Find charities" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[12rem_10rem_auto] sm:items-end">
      <TextField
        label="ZIP code"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={ZIP_LENGTH}
        placeholder="e.g. 78701"
        value={zip}
        onChange={(event) => changeZip(event.target.value)}
      />
      <div className="grid content-start gap-2">
        <Label htmlFor={radiusId}>Radius</Label>
        <Select value={String(radius)} onValueChange={changeRadius}>
          <SelectTrigger id={radiusId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SEARCH_RADII.map((miles) => (
              <SelectItem key={miles} value={String(miles)}>
                {miles} miles
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" className="sm:w-fit" icon={<Search className="size-4" aria-hidden="true" />}>
        Search
      </Button>
    </form>
  );
}
