import { Briefcase, Cpu, Landmark, Megaphone, Truck, type LucideIcon } from 'lucide-react';
import type { EducatorCategory } from '../../../../shared/educators.schemas.js';
import { cn } from '../../../lib/cn.js';

/**
 * Each category's icon from the app's set. The stored emoji is not drawn: Debian's Chromium, among
 * others, has no colour emoji font and shows an empty box.
 */
const ICONS: Record<EducatorCategory, LucideIcon> = {
  'Business Management': Briefcase,
  Marketing: Megaphone,
  Operations: Truck,
  Finance: Landmark,
  Technology: Cpu,
};

export function EducatorIcon({ category, className }: { category: EducatorCategory; className?: string }) {
  const Icon = ICONS[category];
  return (
    <span aria-hidden="true" className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground', className)}>
      <Icon className="size-5" />
    </span>
  );
}
