import { describe, expect, it } from 'vitest';
import { DonationMessages as M, type Charity } from '../../../shared/donation-hub.schemas.js';
import { CharityFormSchema, charityFormValues } from './charity-form.js';

const charity: Charity = {
  id: 4,
  name: 'Eastside Pantry',
  type: 'food_bank',
  verified: false,
  source: 'operator',
  addedByYou: true,
  ein: null,
  nteeCode: null,
  description: '',
  address: '1 Elm St',
  city: 'Austin',
  state: 'TX',
  zip: '78702',
  distance: null,
  phone: null,
  email: 'pantry@example.org',
  website: null,
  contactPerson: null,
  acceptedItems: ['Snacks', 'Water'],
};

describe('the own-charity form', () => {
  it('starts from the charity, its accepted items one per line', () => {
    expect(charityFormValues(charity)).toMatchObject({
      name: 'Eastside Pantry',
      type: 'food_bank',
      phone: '',
      email: 'pantry@example.org',
      acceptedItems: 'Snacks\nWater',
    });
    expect(charityFormValues()).toMatchObject({ name: '', type: 'nonprofit', zip: '', acceptedItems: '' });
  });

  it('sends what the server takes: accepted items as a list, empty optional fields as null', () => {
    const parsed = CharityFormSchema.parse({ ...charityFormValues(charity), state: 'tx', acceptedItems: 'Snacks, Juice\nsnacks' });
    expect(parsed).toMatchObject({ state: 'TX', phone: null, website: null, acceptedItems: ['Snacks', 'Juice'] });
  });

  it('refuses in the server’s words', () => {
    const result = CharityFormSchema.safeParse({ ...charityFormValues(), name: ' ', zip: '123', website: 'example' });
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toMatchObject({ name: M.nameRequired, zip: M.zipRequired, website: M.websiteInvalid });
  });
});
