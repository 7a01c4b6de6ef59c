import type { ComponentProps } from 'react';

/**
 * A trap for form-filling bots on forms anyone may send: people never see or reach it, bots fill it,
 * and the server drops what they send.
 */
export function HoneypotField({ id, ...inputProps }: Omit<ComponentProps<'input'>, 'type' | 'tabIndex' | 'autoComplete'> & { id: string }) {
  return (
    <div aria-hidden="true" className="sr-only">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...inputProps} />
    </div>
  );
}
