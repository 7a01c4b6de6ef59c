import { describe, expect, it } from 'vitest';
import { cn } from './cn.js';

describe('cn', () => {
  it('lets a later Tailwind class win over an earlier one of the same kind', () => {
    expect(cn('text-foreground hover:bg-muted', 'text-destructive-text')).toBe('hover:bg-muted text-destructive-text');
    expect(cn('h-10 px-4', 'h-auto p-0')).toBe('h-auto p-0');
    expect(cn('bg-primary', 'bg-destructive/90')).toBe('bg-destructive/90');
  });

  it('keeps classes of different kinds, and variants of the same kind apart', () => {
    expect(cn('text-sm', 'text-destructive-text')).toBe('text-sm text-destructive-text');
    expect(cn('bg-muted', 'hover:bg-secondary')).toBe('bg-muted hover:bg-secondary');
  });

  it('skips falsy values and reads conditional objects and arrays', () => {
    expect(cn('grid', false, null, undefined, '', ['gap-2', { hidden: false, 'font-bold': true }])).toBe('grid gap-2 font-bold');
  });
});
