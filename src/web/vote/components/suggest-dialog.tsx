import { useState, type FormEvent } from 'react';
import { PRODUCT_CATEGORIES } from '../../../shared/catalog.js';
import { ApiError, submitSuggestion, type PageTarget, type SuggestionFields } from '../lib/api.js';
import { hasErrors, validateSuggestion, type FieldErrors } from '../lib/form-rules.js';
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
  return (
    <Dialog open={open} onClose={onClose} title="Suggest a Product" description="Tell the operator what you would like to see in this machine.">
      <SuggestForm target={target} onDone={onClose} />
    </Dialog>
  );
}

const EMPTY: SuggestionFields = { name: '', brand: '', category: '', suggestedBy: '' };

/** Spec 4 and 5: name and category required; on success the form resets and the dialog closes. */
function SuggestForm({ target, onDone }: { target: PageTarget; onDone: () => void }) {
  const notify = useToast();
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<SuggestionFields>>({});
  const [submitting, setSubmitting] = useState(false);
  const set = (name: keyof SuggestionFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSuggestion(fields);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      await submitSuggestion(target, fields);
      notify({ title: 'Suggestion submitted!', description: "Thank you for your product suggestion. We'll review it soon." });
      setFields(EMPTY);
      onDone();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError) setErrors(apiError.errors as FieldErrors<SuggestionFields>);
      notify({ variant: 'destructive', title: 'Submission failed', description: apiError?.message || 'Failed to submit suggestion' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField id="suggest-name" label="Product Name" error={errors.name}>
        {(control) => <input {...control} value={fields.name} onChange={set('name')} className={inputClass} placeholder="e.g. Sea Salt Pretzels" />}
      </FormField>
      <FormField id="suggest-brand" label="Brand (Optional)" error={errors.brand}>
        {(control) => <input {...control} value={fields.brand} onChange={set('brand')} className={inputClass} />}
      </FormField>
      <FormField id="suggest-category" label="Category" error={errors.category}>
        {(control) => (
          <select {...control} value={fields.category} onChange={set('category')} className={inputClass}>
            <option value="">Select a category</option>
            {PRODUCT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="suggest-by" label="Your Name (Optional)" error={errors.suggestedBy}>
        {(control) => <input {...control} value={fields.suggestedBy} onChange={set('suggestedBy')} className={inputClass} autoComplete="name" />}
      </FormField>
      <button type="submit" disabled={submitting} className={`${buttonClass.primary} w-full`}>
        {submitting ? 'Submitting…' : 'Submit Suggestion'}
      </button>
    </form>
  );
}
