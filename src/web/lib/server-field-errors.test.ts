import { describe, expect, it } from 'vitest';
import { showServerFieldErrors } from './server-field-errors.js';

const refusal = (body: unknown) => new Error(`400: ${JSON.stringify(body)}`);

describe("the server's field messages", () => {
  it('go beside the form’s own fields only, and the rest of the answer comes back', () => {
    const shown: [string, string][] = [];
    const details = showServerFieldErrors<{ title: string; 'address.city': string }>(
      refusal({ message: 'Title is required', errors: { title: 'Title is required', 'address.city': 'City is required', secret: 'not a field here' } }),
      ['title', 'address.city'],
      (field, error) => shown.push([field, error.message!]),
    );
    expect(shown).toEqual([
      ['title', 'Title is required'],
      ['address.city', 'City is required'],
    ]);
    expect(details).toMatchObject({ status: 400, message: 'Title is required' });
  });

  it('an error that is not the server’s leaves the fields alone', () => {
    const shown: string[] = [];
    expect(showServerFieldErrors<{ title: string }>(new Error('network down'), ['title'], (field) => shown.push(field))).toEqual({});
    expect(shown).toEqual([]);
  });
});
