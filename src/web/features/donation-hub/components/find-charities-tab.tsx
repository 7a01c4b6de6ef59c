import { useQueryClient } from '@tanstack/react-query';
import { MapPinned } from 'lucide-react';
import { ZIP_DATA_CREDIT } from '../../../../shared/donation-hub.schemas.js';
import { Card } from '../../../components/ui/card.js';
import { charityKeys, type CharitySearch } from '../api.js';
import type { SearchRadius } from '../donation-hub-search.js';
import { CharityResults } from './charity-results.js';
import { CharitySearchForm, type SearchRequest } from './charity-search-form.js';
import { DirectoryNotice } from './directory-notice.js';
import { OwnCharities } from './own-charities.js';

interface FindCharitiesTabProps {
  /** The search in the URL; null before the first. */
  zipCode: string | null;
  radius: SearchRadius;
  onSearchChange: (search: CharitySearch) => void;
}

/** Find Charities (spec 2): the search, its results, and the charities the operator added. */
export function FindCharitiesTab({ zipCode, radius, onSearchChange }: FindCharitiesTabProps) {
  const queryClient = useQueryClient();
  const search: CharitySearch | null = zipCode === null ? null : { zipCode, radius };

  const onSearch = ({ zipCode: nextZip, radius: nextRadius, again }: SearchRequest) => {
    const next = { zipCode: nextZip, radius: nextRadius };
    if (search && search.zipCode === next.zipCode && search.radius === next.radius) {
      // Search re-fetches (spec 7), from the first page.
      if (again) void queryClient.resetQueries({ queryKey: charityKeys.searchFor(next), exact: true });
      return;
    }
    onSearchChange(next);
  };

  return (
    <div className="grid min-w-0 gap-8">
      <div className="grid min-w-0 gap-4">
        <DirectoryNotice />
        <Card className="p-4 sm:p-6">
          <CharitySearchForm zipCode={zipCode} radius={radius} onSearch={onSearch} />
        </Card>
        {search ? (
          <CharityResults search={search} />
        ) : (
          <Card className="flex flex-col items-center gap-2 px-6 py-10 text-center">
            <MapPinned className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="max-w-md text-sm text-muted-foreground">
              Enter a 5-digit ZIP code to find charities near you. The directory lists organizations the IRS recognizes as 501(c)(3) charities.
            </p>
          </Card>
        )}
      </div>
      <OwnCharities />
      <p className="text-xs text-muted-foreground">{ZIP_DATA_CREDIT}</p>
    </div>
  );
}
