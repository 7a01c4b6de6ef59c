import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import {
  CURRENCIES,
  LANGUAGES,
  LANGUAGE_NAMES,
  REPORT_FREQUENCIES,
  THEMES,
  TIME_ZONES,
  UNITS_PER_VOTE_RANGE,
  WEEKDAY_NAMES,
  type Preferences,
} from '../../../../shared/settings.schemas.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { SubmitButton } from '../../../components/ui/form-buttons.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { SelectField } from '../../../components/ui/select-field.js';
import { TextField } from '../../../components/ui/text-field.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { cn } from '../../../lib/cn.js';
import { setTheme } from '../../../lib/theme.js';
import { useSavePreferences } from '../api.js';
import { CURRENCY_LABELS, REPORT_FREQUENCY_LABELS, THEME_LABELS, TIME_ZONE_LABELS } from '../preference-labels.js';
import { PREFERENCE_FIELDS, PreferencesFormSchema } from '../settings-forms.js';
import { toastSaveFailed, toastSaved } from './save-toasts.js';
import { fieldErrorsFor } from '../../../lib/server-field-errors.js';

type SelectName = 'timezone' | 'currency' | 'language' | 'reportFrequency';
const options = <Value extends string>(values: readonly Value[], labels: Record<Value, string>) =>
  values.map((value) => [value, labels[value]] as const);

const SELECTS: readonly { name: SelectName; label: string; options: readonly (readonly [string, string])[] }[] = [
  { name: 'timezone', label: 'Time Zone', options: options(TIME_ZONES, TIME_ZONE_LABELS) },
  { name: 'currency', label: 'Currency', options: options(CURRENCIES, CURRENCY_LABELS) },
  { name: 'language', label: 'Language', options: options(LANGUAGES, LANGUAGE_NAMES) },
  { name: 'reportFrequency', label: 'Report Frequency', options: options(REPORT_FREQUENCIES, REPORT_FREQUENCY_LABELS) },
];

/** Time zone, currency, language, theme, auto-reorder threshold, stock assumptions and report frequency; saved together. */
export function PreferencesTab({ preferences }: { preferences: Preferences }) {
  const savePreferences = useSavePreferences();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Preferences>({
    resolver: zodResolver(PreferencesFormSchema),
    // Follows the saved preferences (the shell's theme switcher saves too), never over unsaved edits.
    values: preferences,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await savePreferences.mutateAsync(input);
      // The same setting as the shell's switcher: it applies at once.
      setTheme(saved.preferences.theme);
      reset(saved.preferences);
      toastSaved();
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = toastSaveFailed(error);
      for (const [field, message] of fieldErrorsFor(PREFERENCE_FIELDS, details.errors)) setError(field, { type: 'server', message });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Preferences</CardTitle>
        <CardDescription>How dates, money and reports are shown to you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Preferences" className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {SELECTS.map((select) => (
              <SelectField key={select.name} control={control} {...select} error={errors[select.name]?.message} className="min-w-0" />
            ))}
          </div>
          <TextField
            label="Auto-reorder threshold (units)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            hint="Reorder a product when a machine has this many units or fewer."
            error={errors.autoReorderThreshold?.message}
            className="sm:max-w-xs"
            {...register('autoReorderThreshold', { valueAsNumber: true })}
          />
          <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2" aria-describedby="stock-assumptions-hint">
            <legend className="mb-1 text-sm leading-none font-medium text-foreground">Stock assumptions</legend>
            <p id="stock-assumptions-hint" className="text-sm text-muted-foreground sm:col-span-2">
              Inventory analytics use these until you record restocks: the day your machines are usually filled (your next visit), and how many
              units each up-vote sells.
            </p>
            <FormField label="Fill day" error={errors.restockWeekday?.message} className="min-w-0">
              {(attributes) => (
                <Controller
                  control={control}
                  name="restockWeekday"
                  render={({ field }) => (
                    <Select value={String(field.value)} onValueChange={(value) => field.onChange(Number(value))} name={field.name}>
                      <SelectTrigger {...attributes} ref={field.ref} onBlur={field.onBlur}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {WEEKDAY_NAMES.map((day, index) => (
                          <SelectItem key={day} value={String(index)}>
                            {day}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
            <TextField
              label="Units sold per up-vote"
              type="number"
              inputMode="decimal"
              min={UNITS_PER_VOTE_RANGE.min}
              max={UNITS_PER_VOTE_RANGE.max}
              step={0.05}
              hint="Until your recorded restocks measure it."
              error={errors.assumedUnitsPerVote?.message}
              className="min-w-0"
              {...register('assumedUnitsPerVote', { valueAsNumber: true })}
            />
          </fieldset>
          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-2 text-sm leading-none font-medium text-foreground">Theme</legend>
            <div className="flex flex-wrap gap-2">
              {THEMES.map((theme) => (
                <label
                  key={theme}
                  className={cn(
                    'flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm',
                    'has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-soft-foreground',
                    'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                  )}
                >
                  <input type="radio" value={theme} className="accent-primary" {...register('theme')} />
                  {THEME_LABELS[theme]}
                </label>
              ))}
            </div>
          </fieldset>
          <SubmitButton busy={isSubmitting} icon={<Save className="size-4" aria-hidden="true" />}>
            Save Preferences
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
