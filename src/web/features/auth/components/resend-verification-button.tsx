import { MailCheck } from 'lucide-react';
import { Button, type ButtonVariant } from '../../../components/ui/button.js';
import { readApiError } from '../../../lib/api.js';
import { useResendVerification } from '../api.js';

interface ResendVerificationButtonProps {
  email: string;
  variant?: ButtonVariant;
  className?: string;
}

/** "Resend verification email": posts resend-verification and shows the server's answer. */
export function ResendVerificationButton({ email, variant = 'outline', className }: ResendVerificationButtonProps) {
  const resend = useResendVerification();
  const failure = resend.isError
    ? (readApiError(resend.error).message ?? 'Could not send a new verification email. Please try again.')
    : null;

  return (
    <div className="grid gap-2">
      <Button
        variant={variant}
        className={className}
        loading={resend.isPending}
        onClick={() => resend.mutate(email)}
      >
        {resend.isPending ? null : <MailCheck className="size-4" aria-hidden="true" />}
        Resend verification email
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {resend.isSuccess ? resend.data.message : null}
      </p>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
