import { LogOut } from 'lucide-react';
import { readApiError } from '../lib/api.js';
import { useSignOut } from '../lib/auth.js';
import { Button, type ButtonSize, type ButtonVariant } from './ui/button.js';

interface SignOutButtonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  label?: string;
}

/** "Log out": a POST, never a link, so no other site can sign a visitor out by sending them somewhere. */
export function SignOutButton({ variant = 'outline', size = 'sm', className, label = 'Log out' }: SignOutButtonProps) {
  const signOut = useSignOut();
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        loading={signOut.isPending || signOut.isSuccess}
        icon={<LogOut className="size-4" aria-hidden="true" />}
        onClick={() => signOut.mutate()}
      >
        {label}
      </Button>
      {signOut.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {readApiError(signOut.error).message ?? 'Could not sign out. Please try again.'}
        </p>
      ) : null}
    </>
  );
}
