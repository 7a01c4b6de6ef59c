import { z } from 'zod';
import { OwnCharityInputSchema, type Charity, type CharityType } from '../../../shared/donation-hub.schemas.js';
import { itemsText, parseItems } from './charity-format.js';

/**
 * The own-charity form: the shared rule, with the accepted items typed in one box (one per line)
 * instead of a list. What it checks is what the server checks, in the same words.
 */
export const CharityFormSchema = OwnCharityInputSchema.extend({
  acceptedItems: z.string().transform(parseItems).pipe(OwnCharityInputSchema.shape.acceptedItems.unwrap()),
});

export interface CharityFormValues {
  name: string;
  type: CharityType;
  description: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  email: string;
  website: string;
  contactPerson: string;
  acceptedItems: string;
}
export type CharityFormInput = z.input<typeof CharityFormSchema>;
export type CharityFormOutput = z.output<typeof CharityFormSchema>;

/** The fields the server may name in a refusal. */
export const CHARITY_FORM_FIELDS = [
  'name',
  'type',
  'description',
  'address',
  'city',
  'state',
  'zip',
  'phone',
  'email',
  'website',
  'contactPerson',
  'acceptedItems',
] as const satisfies readonly (keyof CharityFormValues)[];

/** The form's starting values: empty for a new charity, the charity's own for an edit. */
export function charityFormValues(charity?: Charity): CharityFormValues {
  return {
    name: charity?.name ?? '',
    type: charity?.type ?? 'nonprofit',
    description: charity?.description ?? '',
    address: charity?.address ?? '',
    city: charity?.city ?? '',
    state: charity?.state ?? '',
    zip: charity?.zip ?? '',
    phone: charity?.phone ?? '',
    email: charity?.email ?? '',
    website: charity?.website ?? '',
    contactPerson: charity?.contactPerson ?? '',
    acceptedItems: itemsText(charity?.acceptedItems ?? []),
  };
}
