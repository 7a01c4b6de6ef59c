import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'destructive' | 'success' | 'info';

const variantClasses: Record<BadgeVariant, string> = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-secondary text-secondary-foreground',
  outline: 'border-border text-foreground',
  destructive: 'border-transparent bg-destructive-soft text-destructive-soft-foreground',
  success: 'border-transparent bg-success-soft text-success-soft-foreground',
  info: 'border-transparent bg-info-soft text-info-soft-foreground',
};

/** A small label (a status, a category). */
export function Badge({ variant = 'default', className, ...props }: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}
