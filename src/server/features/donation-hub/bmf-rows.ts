import type { CharityType } from '../../../shared/donation-hub.schemas.js';

/**
 * One row of the IRS Exempt Organizations Business Master File extract (the public CSV files, one
 * per state: EIN, NAME, ICO, STREET, CITY, STATE, ZIP, SUBSECTION, NTEE_CD and others), read into a
 * directory record or a reason it cannot be one.
 */

/** The columns a file must have to be read as the extract. */
export const REQUIRED_BMF_COLUMNS = ['EIN', 'NAME', 'ZIP', 'SUBSECTION'] as const;

/**
 * NTEE codes the hub names (the first letter and two digits of NTEE_CD); every other 501(c)(3)
 * organisation is a nonprofit.
 */
const TYPE_BY_NTEE: Record<string, CharityType> = {
  X20: 'church',
  X21: 'church',
  X22: 'church',
  K30: 'food_bank',
  K31: 'food_bank',
  K34: 'food_bank',
  K35: 'food_bank',
  L41: 'homeless_shelter',
  P85: 'homeless_shelter',
  P20: 'community_center',
  P28: 'community_center',
};

/** What the codes the hub maps stand for in the NTEE classification. */
const NTEE_CODE_NAMES: Record<string, string> = {
  X20: 'Christian',
  X21: 'Protestant',
  X22: 'Roman Catholic',
  K30: 'Food Programs',
  K31: 'Food Banks & Pantries',
  K34: 'Congregate Meals',
  K35: 'Soup Kitchens',
  L41: 'Homeless Shelters',
  P85: 'Homeless Services',
  P20: 'Human Service Organizations',
  P28: 'Neighborhood Centers',
};

/** The NTEE major groups, by first letter. */
const NTEE_GROUP_NAMES: Record<string, string> = {
  A: 'Arts, Culture & Humanities',
  B: 'Education',
  C: 'Environment',
  D: 'Animal-Related',
  E: 'Health Care',
  F: 'Mental Health & Crisis Intervention',
  G: 'Diseases, Disorders & Medical Disciplines',
  H: 'Medical Research',
  I: 'Crime & Legal-Related',
  J: 'Employment',
  K: 'Food, Agriculture & Nutrition',
  L: 'Housing & Shelter',
  M: 'Public Safety, Disaster Preparedness & Relief',
  N: 'Recreation & Sports',
  O: 'Youth Development',
  P: 'Human Services',
  Q: 'International, Foreign Affairs & National Security',
  R: 'Civil Rights, Social Action & Advocacy',
  S: 'Community Improvement & Capacity Building',
  T: 'Philanthropy, Voluntarism & Grantmaking Foundations',
  U: 'Science & Technology',
  V: 'Social Science',
  W: 'Public & Societal Benefit',
  X: 'Religion-Related',
  Y: 'Mutual & Membership Benefit',
  Z: 'Unknown',
};

/** 'K31' from 'K31', 'k31z', 'K310'; null when the field holds no NTEE code. */
export function nteeCodeOf(raw: string | undefined): string | null {
  const match = /^([A-Z])(\d{2})/.exec((raw ?? '').trim().toUpperCase());
  return match ? `${match[1]}${match[2]}` : null;
}

export function charityTypeOf(nteeCode: string | null): CharityType {
  return (nteeCode && TYPE_BY_NTEE[nteeCode]) || 'nonprofit';
}

/** The card's description: what the IRS classifies the organisation as. */
export function describeNtee(nteeCode: string | null): string {
  if (!nteeCode) return '501(c)(3) organization listed by the IRS';
  const name = NTEE_CODE_NAMES[nteeCode] ?? NTEE_GROUP_NAMES[nteeCode[0]!];
  return name ? `${name} (NTEE ${nteeCode})` : `NTEE ${nteeCode}`;
}

export interface BmfCharity {
  ein: string;
  name: string;
  nteeCode: string | null;
  type: CharityType;
  description: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  contactPerson: string | null;
}

export type BmfRowOutcome = { kind: 'charity'; charity: BmfCharity } | { kind: 'not-charitable' } | { kind: 'rejected'; ein: string | null; reason: string };

const field = (row: Record<string, string | undefined>, name: string) => (row[name] ?? '').trim();

/** Collapses the runs of spaces the fixed-width origins of the extract leave in its fields. */
const tidy = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * Reads one row. Only 501(c)(3) organisations (SUBSECTION 03) become charities; a row that names
 * one but cannot be filed (no 9-digit EIN, no name, no 5-digit ZIP) is rejected with the reason.
 * Whether the ZIP code can be located is the importer's question.
 */
export function readBmfRow(row: Record<string, string | undefined>): BmfRowOutcome {
  const subsection = field(row, 'SUBSECTION');
  if (!/^0*3$/.test(subsection)) return { kind: 'not-charitable' };
  const einDigits = field(row, 'EIN').replace(/-/g, '');
  const ein = /^\d{9}$/.test(einDigits) ? einDigits : null;
  if (!ein) return { kind: 'rejected', ein: einDigits || null, reason: 'EIN must be 9 digits' };
  const name = tidy(field(row, 'NAME'));
  if (!name) return { kind: 'rejected', ein, reason: 'NAME is empty' };
  const zip = /^(\d{5})(-?\d{4})?$/.exec(field(row, 'ZIP'))?.[1];
  if (!zip) return { kind: 'rejected', ein, reason: 'ZIP must be 5 digits, or ZIP+4' };
  const nteeCode = nteeCodeOf(row.NTEE_CD);
  const careOf = tidy(field(row, 'ICO')).replace(/^%\s*/, '');
  const state = field(row, 'STATE').toUpperCase();
  return {
    kind: 'charity',
    charity: {
      ein,
      name: name.slice(0, 200),
      nteeCode,
      type: charityTypeOf(nteeCode),
      description: describeNtee(nteeCode),
      address: tidy(field(row, 'STREET')).slice(0, 200),
      city: tidy(field(row, 'CITY')).slice(0, 100),
      state: /^[A-Z]{2}$/.test(state) ? state : '',
      zip,
      contactPerson: careOf ? careOf.slice(0, 120) : null,
    },
  };
}

/** '123456789' as the IRS writes it: '12-3456789'. */
export const formatEin = (ein: string) => `${ein.slice(0, 2)}-${ein.slice(2)}`;
