import { FileText, Film, Image, Mail, type LucideIcon } from 'lucide-react';
import type { MarketingResourceType } from '../../../../shared/marketing-resources.schemas.js';

export const RESOURCE_TYPE_ICONS: Record<MarketingResourceType, LucideIcon> = {
  image: Image,
  video: Film,
  email_template: Mail,
  document: FileText,
};

/** '2.4 MB', '812 KB', '90 bytes'. */
export function fileSizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
