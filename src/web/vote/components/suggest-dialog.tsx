import { useState, type FormEvent } from 'react';
import { PRODUCT_CATEGORIES } from '../../../shared/catalog.js';
import { ApiError, submitSuggestion, type PageTarget, type SuggestionFields } from '../lib/api.js';
import { FIELD_MAX_LENGTH, fieldErrorsFromServer, fieldErrorText, hasErrors, validateSuggestion, type FieldErrors } from '../lib/form-rules.js';
import { categoryLabelOf, useI18n } from '../lib/i18n.js';
import { serverErrorText } from '../lib/server-messages.js';
import { Dialog } from './dialog.js';
import { FormField } from './form-field.js';
import { useToast } from './toast.js';
import { buttonClass, inputClass } from './ui.js';

interface SuggestDialogProps {
  open: boolean;
  onClose: () => void;
  target: PageTarget;
}

export function SuggestDialog({ open, onClose, target }: SuggestDialogProps) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onClose={onClose} title={t('suggest.title')} description={t('suggest.description')}>
      <SuggestForm target={target} onDone={onClose} />
    </Dialog>
  );
}

const EMPTY: SuggestionFields = { name: '', brand: '', category: '', suggestedBy: '', email: '' };

/** Spec 4 and 5: name and category required; on success the form resets and the dialog closes. */
function SuggestForm({ target, onDone }: { target: PageTarget; onDone: () => void }) {
  const notify = useToast();
  const i18n = useI18n();
  const { t } = i18n;
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<SuggestionFields>>({});
  const [submitting, setSubmitting] = useState(false);
  const set = (name: keyof SuggestionFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const errorOf = (name: keyof SuggestionFields) => fieldErrorText(errors[name], i18n);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSuggestion(fields);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      await submitSuggestion(target, fields);
      notify({ title: t('suggest.sent'), description: t('suggest.sentDetail') });
      setFields(EMPTY);
      onDone();
    } catch (error) {
      if (error instanceof ApiError) setErrors(fieldErrorsFromServer<SuggestionFields>(error.errors));
      notify({ variant: 'destructive', title: t('suggest.failed'), description: serverErrorText(error, i18n, 'suggest.failedDetail') });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField id="suggest-name" label={t('suggest.name')} error={errorOf('name')}>
        {(control) => (
          <input
            {...control}
            value={fields.name}
            onChange={set('name')}
            maxLength={FIELD_MAX_LENGTH.name}
            className={inputClass}
            placeholder={t('suggest.namePlaceholder')}
          />
        )}
      </FormField>
      <FormField id="suggest-brand" label={t('suggest.brand')} error={errorOf('brand')}>
        {(control) => <input {...control} value={fields.brand} onChange={set('brand')} maxLength={FIELD_MAX_LENGTH.brand} className={inputClass} />}
      </FormField>
      <FormField id="suggest-category" label={t('suggest.category')} error={errorOf('category')}>
        {(control) => (
          <select {...control} value={fields.category} onChange={set('category')} className={inputClass}>
            <option value="">{t('suggest.chooseCategory')}</option>
            {PRODUCT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabelOf(i18n, category)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="suggest-by" label={t('suggest.by')} error={errorOf('suggestedBy')}>
        {(control) => (
          <input
            {...control}
            value={fields.suggestedBy}
            onChange={set('suggestedBy')}
            maxLength={FIELD_MAX_LENGTH.suggestedBy}
            className={inputClass}
            autoComplete="name"
          />
        )}
      </FormField>
      {/* Only a machine's page: the mail says where the product is stocked, and the demo page has no machine. */}
      {target === 'demo' ? null : (
        <FormField id="suggest-email" label={t('suggest.email')} hint={t('suggest.emailHint')} error={errorOf('email')}>
          {(control) => (
            <input
              {...control}
              type="email"
              inputMode="email"
              value={fields.email}
              onChange={set('email')}
              maxLength={FIELD_MAX_LENGTH.email}
              className={inputClass}
              autoComplete="email"
            />
          )}
        </FormField>
      )}
      <button type="submit" disabled={submitting} className={`${buttonClass.primary} w-full`}>
        {submitting ? t('suggest.submitting') : t('suggest.submit')}
      </button>
    </form>
  );
}
