import { SettingsMessages } from '../../../../shared/settings.schemas.js';
import { toast } from '../../../components/ui/use-toast.js';
import { readApiError, type ApiErrorDetails } from '../../../lib/api.js';

/** The profile and preferences tabs' Save outcome (spec extended 8). */
export function toastSaved(): void {
  toast({ title: SettingsMessages.savedTitle });
}

/** The failure, with the server's own words when it sent some; returns them for the form's fields. */
export function toastSaveFailed(error: unknown): ApiErrorDetails {
  const details = readApiError(error);
  toast({ title: SettingsMessages.saveFailed, description: details.message, variant: 'destructive' });
  return details;
}
