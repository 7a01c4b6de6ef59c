/** Shared class names: the page's few building blocks, so components stay consistent. */
export const cn = (...classes: Array<string | false | null | undefined>) => classes.filter(Boolean).join(' ');

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonClass = {
  primary: `${base} h-10 px-4 text-sm bg-primary text-primary-foreground hover:bg-primary/90`,
  outline: `${base} h-10 px-4 text-sm border border-input bg-card text-card-foreground hover:bg-muted`,
  ghost: `${base} h-10 px-3 text-sm text-foreground hover:bg-muted`,
  icon: `${base} size-11 border border-input bg-card text-card-foreground hover:bg-muted`,
  link: 'font-medium text-primary underline-offset-4 hover:underline',
};

export const cardClass = 'rounded-xl border bg-card text-card-foreground';
export const inputClass =
  'block h-11 w-full rounded-md border border-input bg-card px-3 text-base text-card-foreground placeholder:text-muted-foreground aria-[invalid=true]:border-destructive-text';
export const labelClass = 'mb-1 block text-sm font-medium';
export const visuallyHidden = 'sr-only';
