import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { DATE_ORDERS, type DateOrder, type MappingRole, type TelemetryMappingInput } from '../../../../shared/sales-imports.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { ScrollFrame } from '../../../components/ui/scroll-frame.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { choicesOf, DATE_ORDER_TEXT, mappingOf, ROLE_TEXT, ROLES, rolesOfColumn, type MappingProposal, type RoleChoices } from '../mapping-roles.js';

/** Radix's select has no empty value; this one stands for 'the file has no such column'. */
const NONE = '__none__';

interface MappingFormProps {
  /** Names the form and its preview apart from another file's. */
  fileName: string;
  proposal: MappingProposal;
  onSubmit: (mapping: TelemetryMappingInput) => void;
  pending: boolean;
  /** The server's refusal of the mapping, by role. */
  serverErrors?: Partial<Record<MappingRole, string>>;
}

/**
 * A CSV of a shape not seen before: its columns with a few of its lines, and a choice per role,
 * preset from the server's guess. Saved, the mapping reads every later file with these columns.
 */
export function MappingForm({ fileName, proposal, onSubmit, pending, serverErrors = {} }: MappingFormProps) {
  const [choices, setChoices] = useState<RoleChoices>(() => choicesOf(proposal));
  const [dateOrder, setDateOrder] = useState<DateOrder>(proposal.suggested.dateOrder ?? 'ymd');
  const [errors, setErrors] = useState<Partial<Record<MappingRole, string>>>({});

  // A new choice clears its role's message (either of selection and product answers the other's); the rest wait for the next submit.
  const choose = (role: MappingRole, column: string) => {
    setChoices({ ...choices, [role]: column });
    const pair = role === 'selection' || role === 'product';
    setErrors(({ [role]: _cleared, ...rest }) => (pair ? { ...rest, selection: undefined, product: undefined } : rest));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = mappingOf(choices, dateOrder);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    onSubmit(result.mapping);
  };

  return (
    <form onSubmit={submit} className="grid min-w-0 gap-4 rounded-lg border border-border bg-muted/30 p-3 sm:p-4" aria-label={`Column mapping for ${fileName}`}>
      <h4 className="font-semibold">Which column is which?</h4>
      <ScrollFrame label={`First lines of ${fileName}, scrolls sideways`} className="rounded-md border border-border bg-background">
        <table className="w-full text-sm">
          <caption className="sr-only">The file&apos;s columns and first lines</caption>
          <thead>
            <tr>
              {proposal.columns.map((column) => (
                <th key={column} scope="col" className="px-2 py-1.5 text-left align-bottom whitespace-nowrap">
                  <span className="block text-xs font-normal text-primary">{rolesOfColumn(choices, column).join(', ')}</span>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {proposal.sample.map((line, index) => (
              <tr key={index} className="border-t border-border">
                {proposal.columns.map((column, columnIndex) => (
                  <td key={column} className="px-2 py-1 whitespace-nowrap text-muted-foreground">
                    {line[columnIndex] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollFrame>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ROLES.map((role) => (
          <FormField
            key={role}
            label={ROLE_TEXT[role].label}
            required={ROLE_TEXT[role].required}
            hint={ROLE_TEXT[role].hint}
            error={errors[role] ?? serverErrors[role]}
          >
            {(attributes) => (
              <Select value={choices[role] || NONE} onValueChange={(value) => choose(role, value === NONE ? '' : value)}>
                <SelectTrigger {...attributes}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ROLE_TEXT[role].required ? null : <SelectItem value={NONE}>Not in the file</SelectItem>}
                  {ROLE_TEXT[role].required && !choices[role] ? <SelectItem value={NONE}>Choose a column</SelectItem> : null}
                  {proposal.columns.map((column) => (
                    <SelectItem key={column} value={column}>
                      {column}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        ))}
        <FormField label="Dates are written" hint="How to read a date such as 03/04/2026.">
          {(attributes) => (
            <Select value={dateOrder} onValueChange={(value) => setDateOrder(value as DateOrder)}>
              <SelectTrigger {...attributes}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DATE_ORDERS.map((order) => (
                  <SelectItem key={order} value={order}>
                    {DATE_ORDER_TEXT[order]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      </div>
      <Button type="submit" className="w-full sm:w-fit" loading={pending} icon={<Save className="size-4" aria-hidden="true" />}>
        Save mapping and import
      </Button>
    </form>
  );
}
