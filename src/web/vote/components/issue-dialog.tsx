import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, reportIssue, type IssueFields, type PageTarget } from '../lib/api.js';
import { FIELD_MAX_LENGTH, fieldErrorsFromServer, fieldErrorText, hasErrors, validateIssue, type FieldErrors } from '../lib/form-rules.js';
import { useI18n } from '../lib/i18n.js';
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
  const { t } = useI18n();
  const description = machineName ? t('issue.descriptionAt', { name: machineName }) : t('issue.description');
  return (
    <Dialog open={open} onClose={onClose} title={t('issue.title')} description={description}>
      <IssueForm target={target} onDone={onClose} />
    </Dialog>
  );
}

const EMPTY: IssueFields = { customerName: '', customerEmail: '', productName: '', issueDescription: '' };

function IssueForm({ target, onDone }: { target: PageTarget; onDone: () => void }) {
  const notify = useToast();
  const i18n = useI18n();
  const { t } = i18n;
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<IssueFields>>({});
  const [submitting, setSubmitting] = useState(false);
  const [reported, setReported] = useState(false);
  const successRef = useRef<HTMLDivElement>(null);
  const set = (name: keyof IssueFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const errorOf = (name: keyof IssueFields) => fieldErrorText(errors[name], i18n);

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
      notify({ title: t('issue.sent'), description: t('issue.sentDetail') });
      setReported(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors(fieldErrorsFromServer<IssueFields>(error.errors));
      notify({ variant: 'destructive', title: t('issue.failed'), description: t('issue.failedDetail') });
    } finally {
      setSubmitting(false);
    }
  };

  if (reported) {
    return (
      <div ref={successRef} tabIndex={-1} className="flex flex-col items-center gap-2 py-4 text-center outline-none">
        <Icon name="check" className="size-12 text-success-soft-foreground" />
        <p className="text-lg font-semibold">{t('issue.thanks')}</p>
        <p className="text-sm text-muted-foreground">{t('issue.thanksDetail')}</p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField id="issue-name" label={t('issue.name')} error={errorOf('customerName')}>
        {(control) => (
          <input
            {...control}
            value={fields.customerName}
            onChange={set('customerName')}
            maxLength={FIELD_MAX_LENGTH.customerName}
            className={inputClass}
            autoComplete="name"
          />
        )}
      </FormField>
      <FormField id="issue-email" label={t('issue.email')} error={errorOf('customerEmail')}>
        {(control) => (
          <input
            {...control}
            type="email"
            value={fields.customerEmail}
            onChange={set('customerEmail')}
            maxLength={FIELD_MAX_LENGTH.customerEmail}
            className={inputClass}
            autoComplete="email"
          />
        )}
      </FormField>
      <FormField id="issue-product" label={t('issue.product')} error={errorOf('productName')}>
        {(control) => (
          <input
            {...control}
            value={fields.productName}
            onChange={set('productName')}
            maxLength={FIELD_MAX_LENGTH.productName}
            className={inputClass}
            placeholder={t('issue.productPlaceholder')}
          />
        )}
      </FormField>
      <FormField id="issue-description" label={t('issue.what')} error={errorOf('issueDescription')}>
        {(control) => (
          <textarea
            {...control}
            value={fields.issueDescription}
            onChange={set('issueDescription')}
            maxLength={FIELD_MAX_LENGTH.issueDescription}
            rows={3}
            className={`${inputClass} h-auto py-2`}
          />
        )}
      </FormField>
      <button type="submit" disabled={submitting} className={`${buttonClass.primary} w-full`}>
        {submitting ? t('issue.sending') : t('issue.submit')}
      </button>
    </form>
  );
}
