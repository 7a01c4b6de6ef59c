import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

export type AlertVariant = 'info' | 'success' | 'destructive';

const variantClasses: Record<AlertVariant, string> = {
  info: 'border-primary/40 bg-info-soft text-info-soft-foreground',
  success: 'border-success-soft-foreground/40 bg-success-soft text-success-soft-foreground',
  destructive: 'border-destructive-text/50 bg-destructive-soft text-destructive-soft-foreground',
};

const icons = { info: Info, success: CheckCircle2, destructive: AlertCircle } as const;

interface AlertProps extends ComponentProps<'div'> {
  variant?: AlertVariant;
}

/**
 * A message box. Destructive alerts default to role="alert" (announced at once); others to
 * role="status". Pass role explicitly to override.
 */
export function Alert({ variant = 'info', role, className, children, ...props }: AlertProps) {
  const Icon = icons[variant];
  return (
    <div
      role={role ?? (variant === 'destructive' ? 'alert' : 'status')}
      className={cn('flex gap-3 rounded-lg border p-3 text-sm', variantClasses[variant], className)}
      {...props}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid min-w-0 gap-1">{children}</div>
    </div>
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-semibold', className)} {...props} />;
}
