import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  DEFAULT_EDUCATOR_IMAGE,
  DEFAULT_EDUCATOR_RATING,
  EDUCATOR_LIMITS,
  EducatorInputSchema,
  EducatorMessages,
  type Educator,
  type EducatorFormValues,
  type EducatorInput,
} from '../../../../shared/educators.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { Label } from '../../../components/ui/label.js';
import { Switch } from '../../../components/ui/switch.js';
import { TextField } from '../../../components/ui/text-field.js';
import { TextareaField } from '../../../components/ui/textarea-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useSaveEducator } from '../../education/api.js';
import { EducatorCategoryField } from './educator-category-field.js';
import { EducatorHighlightsField } from './educator-highlights-field.js';

const EMPTY_FORM: EducatorFormValues = {
  name: '',
  image: DEFAULT_EDUCATOR_IMAGE,
  description: '',
  category: '' as EducatorFormValues['category'],
  specialization: '',
  website: '',
  affiliateUrl: '',
  highlights: [''],
  featured: false,
  rating: String(DEFAULT_EDUCATOR_RATING),
  students: '0',
  courses: '0',
};

/** Only the fields the form sends: the server refuses any other (id, isExample, dates). */
const valuesOf = (educator: Educator): EducatorFormValues => ({
  name: educator.name,
  image: educator.image,
  description: educator.description,
  category: educator.category,
  specialization: educator.specialization,
  website: educator.website,
  affiliateUrl: educator.affiliateUrl,
  featured: educator.featured,
  highlights: [...educator.highlights],
  rating: educator.rating.toFixed(1),
  students: String(educator.students),
  courses: String(educator.courses),
});

/** The fields the server may name in a refusal. */
const FIELDS = [
  'name',
  'image',
  'description',
  'category',
  'specialization',
  'website',
  'affiliateUrl',
  'highlights',
  'rating',
  'students',
  'courses',
] as const;

interface EducatorDialogProps {
  open: boolean;
  /** The educator being edited; absent to add a new one. */
  educator?: Educator;
  onClose: () => void;
}

/** Add Educator and Edit Educator: one form, checked here and again by the server. */
export function EducatorDialog({ open, educator, onClose }: EducatorDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">
        {/* Remounted per educator, so the form starts from that educator's values. */}
        {open ? <EducatorForm key={educator?.id ?? 'new'} educator={educator} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EducatorForm({ educator, onClose }: { educator?: Educator; onClose: () => void }) {
  const save = useSaveEducator();
  const editing = educator !== undefined;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EducatorFormValues, unknown, EducatorInput>({
    resolver: zodResolver(EducatorInputSchema),
    defaultValues: educator ? valuesOf(educator) : EMPTY_FORM,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: educator?.id, values });
      toast({ title: editing ? EducatorMessages.updated : EducatorMessages.created, description: saved.name });
      onClose();
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, FIELDS, setError);
      toast({
        title: editing ? EducatorMessages.updateFailed : EducatorMessages.creationFailed,
        description: details.message ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  });

  const required = { 'aria-required': true } as const;
  const highlightErrors = errors.highlights as unknown as ({ message?: string } | undefined)[] & { message?: string; root?: { message?: string } };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit Educator' : 'Add Educator'}</DialogTitle>
        <DialogDescription>Fields marked * are required.</DialogDescription>
      </DialogHeader>
      {/* Spec 9: the form scrolls inside the dialog at about 24rem, so the buttons stay in view. */}
      <div className="-mx-1 grid max-h-96 gap-4 overflow-y-auto px-1 pb-1" data-testid="educator-form-fields">
        {/* No icon field: each category has its icon from the app's set (an emoji shows as a box where no emoji font is installed). */}
        <TextField label="Name *" {...required} maxLength={EDUCATOR_LIMITS.name} error={errors.name?.message} {...register('name')} />
        <TextareaField
          label="Description *"
          {...required}
          rows={3}
          maxLength={EDUCATOR_LIMITS.description}
          error={errors.description?.message}
          {...register('description')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="category"
            render={({ field }) => <EducatorCategoryField value={field.value} onChange={field.onChange} error={errors.category?.message} />}
          />
          <TextField
            label="Specialization *"
            {...required}
            maxLength={EDUCATOR_LIMITS.specialization}
            error={errors.specialization?.message}
            {...register('specialization')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Website URL *"
            type="url"
            {...required}
            placeholder="https://"
            maxLength={EDUCATOR_LIMITS.url}
            error={errors.website?.message}
            {...register('website')}
          />
          <TextField
            label="Affiliate URL *"
            type="url"
            {...required}
            placeholder="https://"
            maxLength={EDUCATOR_LIMITS.url}
            error={errors.affiliateUrl?.message}
            {...register('affiliateUrl')}
          />
        </div>
        <Controller
          control={control}
          name="highlights"
          render={({ field }) => (
            <EducatorHighlightsField
              value={field.value}
              onChange={field.onChange}
              error={highlightErrors?.message ?? highlightErrors?.root?.message}
              rowErrors={Array.isArray(highlightErrors) ? highlightErrors.map((row) => row?.message) : []}
            />
          )}
        />
        <div className="grid grid-cols-3 gap-4">
          <TextField label="Rating (0-5)" inputMode="decimal" error={errors.rating?.message} {...register('rating')} />
          <TextField label="Students" inputMode="numeric" error={errors.students?.message} {...register('students')} />
          <TextField label="Courses" inputMode="numeric" error={errors.courses?.message} {...register('courses')} />
        </div>
        <Controller
          control={control}
          name="featured"
          render={({ field }) => (
            <div className="flex items-center gap-3">
              <Switch id="educator-featured" checked={field.value ?? false} onCheckedChange={field.onChange} />
              <Label htmlFor="educator-featured">Featured</Label>
            </div>
          )}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {editing ? 'Save Changes' : 'Add Educator'}
        </Button>
      </DialogFooter>
    </form>
  );
}
