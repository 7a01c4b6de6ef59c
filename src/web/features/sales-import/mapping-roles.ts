import {
  MAPPING_ROLES,
  TelemetryMappingFieldsSchema,
  type DateOrder,
  type MappingRole,
  type SalesImportReport,
  type TelemetryMappingInput,
} from '../../../shared/sales-imports.schemas.js';

interface RoleText {
  label: string;
  hint: string;
  required?: boolean;
}

/**
 * What each role means to an operator looking at a provider's columns. The time of day is a role of
 * its own once the shared schema has it (files with the date and the time in two columns); until
 * then MAPPING_ROLES leaves it out and the form does not ask.
 */
const TEXTS = {
  machine: { label: 'Machine', hint: "The machine's serial number (or its name in VendVote).", required: true },
  selection: { label: 'Selection code', hint: 'The code keyed, such as A1. This or the product name.' },
  product: { label: 'Product name', hint: 'The product as the provider names it. This or the selection code.' },
  time: { label: 'Date and time', hint: 'When the sale was made (the date, when the time of day has a column of its own).', required: true },
  timeOfDay: { label: 'Time of day', hint: 'Only when the date and the time of day are in two columns.' },
  quantity: { label: 'Quantity', hint: 'Units in the line; without it each line is one unit.' },
  price: { label: 'Amount', hint: 'What the customer paid for the line.' },
  transactionId: { label: 'Transaction ID', hint: 'The provider’s id of each sale. With it, a sale that two exports both hold is counted once.' },
} satisfies Record<MappingRole | 'timeOfDay', RoleText>;
export const ROLE_TEXT: Record<MappingRole, RoleText> = TEXTS;

export const DATE_ORDER_TEXT: Record<DateOrder, string> = {
  ymd: 'Year first (2026-03-04)',
  mdy: 'Month first (03/04/2026 is March 4)',
  dmy: 'Day first (03/04/2026 is 4 March)',
};

export const NEEDS_SELECTION_OR_PRODUCT = 'Choose the column with the selection code or the one with the product name';

export type MappingProposal = NonNullable<SalesImportReport['mapping']>;
export type RoleChoices = Record<MappingRole, string>;
export const ROLES: readonly MappingRole[] = MAPPING_ROLES;

/** The server's guess, as the form's choices ('' for a role the file has no column for). */
export function choicesOf(proposal: MappingProposal): RoleChoices {
  const suggested = proposal.suggested as Partial<Record<MappingRole, string | null>>;
  return Object.fromEntries(ROLES.map((role) => [role, suggested[role] && proposal.columns.includes(suggested[role]) ? suggested[role] : ''])) as RoleChoices;
}

/** The choices as the mapping to save, or the errors by role that keep it from being saved. */
export function mappingOf(choices: RoleChoices, dateOrder: DateOrder): { mapping: TelemetryMappingInput } | { errors: Partial<Record<MappingRole, string>> } {
  const mapping = { ...Object.fromEntries(ROLES.map((role) => [role, choices[role] || null])), dateOrder } as TelemetryMappingInput;
  const errors: Partial<Record<MappingRole, string>> = {};
  const result = TelemetryMappingFieldsSchema.safeParse(mapping);
  if (!result.success) for (const issue of result.error.issues) errors[issue.path[0] as MappingRole] ??= issue.message;
  if (!choices.selection && !choices.product) errors.selection ??= NEEDS_SELECTION_OR_PRODUCT;
  return Object.keys(errors).length > 0 ? { errors } : { mapping };
}

/** The roles a column plays, for its header in the preview. */
export const rolesOfColumn = (choices: RoleChoices, column: string) => ROLES.filter((role) => choices[role] === column).map((role) => ROLE_TEXT[role].label);
