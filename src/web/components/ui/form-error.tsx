/**
 * What went wrong with a whole form rather than one field (a refused request, a lost connection).
 * An alert, so a screen reader says it the moment it appears without moving focus from the form.
 */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="text-sm font-medium text-destructive-text">
      {message}
    </p>
  ) : null;
}
