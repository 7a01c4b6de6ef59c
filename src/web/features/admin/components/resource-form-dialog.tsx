import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  isFileResourceType,
  MARKETING_RESOURCE_CATEGORIES,
  MARKETING_RESOURCE_TYPES,
  MarketingResourceMessages as M,
  RESOURCE_CATEGORY_LABELS,
  RESOURCE_FIELD_NAMES,
  RESOURCE_FILE_FIELD,
  RESOURCE_TYPE_LABELS,
  type MarketingResourceCategory,
  type MarketingResourceType,
} from '../../../../shared/marketing-resources.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.js';
import { Switch } from '../../../components/ui/switch.js';
import { TextField } from '../../../components/ui/text-field.js';
import { TextareaField } from '../../../components/ui/textarea-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { fieldErrorsFor } from '../../../lib/server-field-errors.js';
import { useCreateResource } from '../marketing-resources-api.js';
import { ChoiceField, ResourceFileField, UploadProgress } from './resource-form-fields.js';

const FORM_FIELDS = [...RESOURCE_FIELD_NAMES, RESOURCE_FILE_FIELD] as const;
type FormField = (typeof FORM_FIELDS)[number];
const EMPTY = {
  title: '',
  description: '',
  type: '' as MarketingResourceType | '',
  category: '' as MarketingResourceCategory | '',
  content: '',
  isActive: true,
};

/** Add Resource (spec: the admin panel's Resources tab): a file or an email body, sent as one multipart form. */
export function ResourceFormDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateResource();
  const [values, setValues] = useState(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const busy = create.isPending;

  const set = <K extends keyof typeof EMPTY>(field: K, value: (typeof EMPTY)[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const changeOpen = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setValues(EMPTY);
      setFile(null);
      setErrors({});
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<FormField, string>> = {};
    if (!values.title.trim()) missing.title = M.titleRequired;
    if (!values.type) missing.type = M.typeRequired;
    if (!values.category) missing.category = M.categoryRequired;
    if (Object.keys(missing).length > 0 || !values.type) {
      setErrors(missing);
      toast({ title: M.validationTitle, description: M.fillRequired, variant: 'destructive' });
      return;
    }
    const form = new FormData();
    form.append('title', values.title);
    form.append('description', values.description);
    form.append('type', values.type);
    form.append('category', values.category);
    form.append('isActive', String(values.isActive));
    if (values.type === 'email_template') form.append('content', values.content);
    else if (file) form.append(RESOURCE_FILE_FIELD, file);
    setProgress(file && values.type !== 'email_template' ? 0 : null);
    try {
      const created = await create.mutateAsync({ form, onProgress: setProgress });
      toast({ title: M.created, description: `${created.title} has been added.` });
      setProgress(null);
      setValues(EMPTY);
      setFile(null);
      setErrors({});
      onOpenChange(false);
    } catch (error) {
      setProgress(null);
      if (isUnauthorizedError(error)) return;
      const details = readApiError(error);
      setErrors(Object.fromEntries(fieldErrorsFor(FORM_FIELDS, details.errors)));
      toast({ title: M.createFailed, description: details.message ?? 'Failed to create resource', variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button className="w-full sm:w-auto">
          <Plus className="size-4" aria-hidden="true" />
          Add Resource
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Resource</DialogTitle>
          <DialogDescription>Upload an image, video or document, or write an email template. Fields marked * are required.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid grid-cols-1 gap-4" aria-busy={busy}>
          <TextField
            label="Title *"
            autoComplete="off"
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            error={errors.title}
            disabled={busy}
          />
          <TextareaField
            label="Description"
            rows={2}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            error={errors.description}
            disabled={busy}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <ChoiceField
              id="resource-type"
              label="Type *"
              placeholder="Choose a type"
              value={values.type}
              options={MARKETING_RESOURCE_TYPES.map((type) => [type, RESOURCE_TYPE_LABELS[type]])}
              onChange={(type) => {
                set('type', type);
                setFile(null);
                setErrors((current) => ({ ...current, file: undefined, content: undefined }));
              }}
              error={errors.type}
              disabled={busy}
            />
            <ChoiceField
              id="resource-category"
              label="Category *"
              placeholder="Choose a category"
              value={values.category}
              options={MARKETING_RESOURCE_CATEGORIES.map((category) => [category, RESOURCE_CATEGORY_LABELS[category]])}
              onChange={(category) => set('category', category)}
              error={errors.category}
              disabled={busy}
            />
          </div>
          {values.type === 'email_template' ? (
            <TextareaField
              label="Email body *"
              rows={8}
              value={values.content}
              onChange={(e) => set('content', e.target.value)}
              error={errors.content}
              disabled={busy}
            />
          ) : values.type && isFileResourceType(values.type) ? (
            <ResourceFileField
              type={values.type}
              file={file}
              onChange={(next) => {
                setFile(next);
                setErrors((current) => ({ ...current, file: undefined }));
              }}
              error={errors.file}
              disabled={busy}
            />
          ) : null}
          <div className="flex items-center gap-2">
            <Switch id="resource-active" checked={values.isActive} onCheckedChange={(checked) => set('isActive', checked)} disabled={busy} />
            <label htmlFor="resource-active" className="text-sm">
              Active (offered to affiliates)
            </label>
          </div>
          {progress !== null ? <UploadProgress fraction={progress} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Create Resource
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
