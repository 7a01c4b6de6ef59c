import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, reportIssue, type IssueFields, type PageTarget } from '../lib/api.js';
import { hasErrors, validateIssue, type FieldErrors } from '../lib/form-rules.js';
import { Dialog } from './dialog.js';
import { FormField } from './form-field.js';
import { Icon } from './icons.js';
import { useToast } from './toast.js';
import { buttonClass, inputClass } from './ui.js';

/** Spec 4 and 9: after a report the success view shows, then the dialog closes itself. */
export const ISSUE_SUCCESS_CLOSE_MS = 3000;

interface IssueDialogProps {
  open: boolean;
  onClose: () => void;
  target: PageTarget;
  machineName: string | null;
}

export function IssueDialog({ open, onClose, target, machineName }: IssueDialogProps) {
  const description = machineName ? `Something went wrong at ${machineName}? Let the operator know.` : 'Something went wrong at a machine? Let the operator know.';
  return (
    <Dialog open={open} onClose={onClose} title="Report Vending Issue" description={description}>
      <IssueForm target={target} onDone={onClose} />
    </Dialog>
  );
}

const EMPTY: IssueFields = { customerName: '', customerEmail: '', productName: '', issueDescription: '' };

function IssueForm({ target, onDone }: { target: PageTarget; onDone: () => void }) {
  const notify = useToast();
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<IssueFields>>({});
  const [submitting, setSubmitting] = useState(false);
  const [reported, setReported] = useState(false);
  const successRef = useRef<HTMLDivElement>(null);
  const set = (name: keyof IssueFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  useEffect(() => {
    if (!reported) return;
    successRef.current?.focus();
    const timer = window.setTimeout(onDone, ISSUE_SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [reported, onDone]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateIssue(fields);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      await reportIssue(target, fields);
      notify({ title: 'Issue reported successfully', description: 'The operator has been notified and will look into it.' });
      setReported(true);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.status === 400) setErrors(apiError.errors as FieldErrors<IssueFields>);
      notify({ variant: 'destructive', title: 'Failed to report issue', description: 'Please try again later.' });
    } finally {
      setSubmitting(false);
    }
  };

  if (reported) {
    return (
      <div ref={successRef} tabIndex={-1} className="flex flex-col items-center gap-2 py-4 text-center outline-none">
        <Icon name="check" className="size-12 text-success-soft-foreground" />
        <p className="text-lg font-semibold">Thank you for your report!</p>
        <p className="text-sm text-muted-foreground">We've let the operator know. This window closes in a few seconds.</p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField id="issue-name" label="Your Name" error={errors.customerName}>
        {(control) => <input {...control} value={fields.customerName} onChange={set('customerName')} className={inputClass} autoComplete="name" />}
      </FormField>
      <FormField id="issue-email" label="Email" error={errors.customerEmail}>
        {(control) => (
          <input {...control} type="email" value={fields.customerEmail} onChange={set('customerEmail')} className={inputClass} autoComplete="email" />
        )}
      </FormField>
      <FormField id="issue-product" label="Product Name" error={errors.productName}>
        {(control) => <input {...control} value={fields.productName} onChange={set('productName')} className={inputClass} placeholder="Which product?" />}
      </FormField>
      <FormField id="issue-description" label="What happened? (Optional)" error={errors.issueDescription}>
        {(control) => (
          <textarea {...control} value={fields.issueDescription} onChange={set('issueDescription')} rows={3} className={`${inputClass} h-auto py-2`} />
        )}
      </FormField>
      <button type="submit" disabled={submitting} className={`${buttonClass.primary} w-full`}>
        {submitting ? 'Sending…' : 'Report Issue'}
      </button>
    </form>
  );
}
