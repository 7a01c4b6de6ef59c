import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (strings, conditionals, arrays, objects) and lets a later Tailwind class win
 * over an earlier one of the same kind. Without the merge, `text-foreground text-destructive-text`
 * keeps both and the stylesheet's order decides, so a caller's override may silently lose.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
