import type { Charity } from '../../../../shared/donation-hub.schemas.js';
import { TextField } from '../../../components/ui/text-field.js';

export interface CharityPlace {
  address: string;
  city: string;
  state: string;
  contactPerson: string;
}

interface CharityPlaceFieldsProps {
  charity: Charity;
  place: CharityPlace;
  onChange: (place: CharityPlace) => void;
  /** The server's messages by its keys: charityAddress, charityCity, charityState, contactPerson. */
  errors: Record<string, string>;
}

/** The charity as the receipt will name it: its name as listed, and an address and contact the operator may correct. */
export function CharityPlaceFields({ charity, place, onChange, errors }: CharityPlaceFieldsProps) {
  const set = (field: keyof CharityPlace, value: string) => onChange({ ...place, [field]: value });
  return (
    <div className="grid gap-4">
      <TextField label="Charity name" value={charity.name} readOnly hint={charity.ein ? `EIN ${charity.ein}` : undefined} />
      <TextField
        label="Address"
        // The first field to change: the name above is the charity's as listed.
        autoFocus
        autoComplete="off"
        maxLength={200}
        value={place.address}
        onChange={(event) => set('address', event.target.value)}
        error={errors.charityAddress}
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_6rem]">
        <TextField
          label="City"
          autoComplete="off"
          maxLength={100}
          value={place.city}
          onChange={(event) => set('city', event.target.value)}
          error={errors.charityCity}
        />
        <TextField
          label="State"
          autoComplete="off"
          maxLength={2}
          value={place.state}
          onChange={(event) => set('state', event.target.value.toUpperCase())}
          error={errors.charityState}
        />
      </div>
      <TextField
        label="Contact person"
        autoComplete="off"
        maxLength={120}
        value={place.contactPerson}
        onChange={(event) => set('contactPerson', event.target.value)}
        error={errors.contactPerson}
      />
    </div>
  );
}
