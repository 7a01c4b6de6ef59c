import { describe, expect, it } from 'vitest';
import { buttonClasses } from './button.js';

const classesOf = (value: string) => value.split(' ');

describe('buttonClasses', () => {
  // The delete buttons of the product list and the machine cards colour a ghost or outline button red.
  it('lets a caller’s text colour replace the variant’s', () => {
    for (const variant of ['ghost', 'outline'] as const) {
      const classes = classesOf(buttonClasses({ variant, className: 'text-destructive-text' }));
      expect(classes).toContain('text-destructive-text');
      expect(classes).not.toContain('text-foreground');
    }
  });

  it('gives a link no button size, and other variants the medium one by default', () => {
    const link = classesOf(buttonClasses({ variant: 'link' }));
    expect(link).not.toContain('h-10');
    expect(link).not.toContain('text-sm');
    expect(classesOf(buttonClasses())).toEqual(expect.arrayContaining(['h-10', 'px-4', 'bg-primary']));
  });
});
