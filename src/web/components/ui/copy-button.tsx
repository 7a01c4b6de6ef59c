import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from './button.js';
import { toast } from './use-toast.js';

/** How long the button says 'Copied' (spec: two seconds). */
export const COPIED_FOR_MS = 2000;

interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** The button's name, e.g. 'Copy link'; it reads 'Copied' for two seconds after a copy. */
  label: string;
  /** What is copied, read after the label by screen readers when the label alone does not say: 'Copy' + 'the Welcome email'. */
  what?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/**
 * Copies `text` and says 'Copied' for two seconds, announced through a live region so a screen
 * reader hears it too. Without clipboard access (an insecure page, a refused permission) it says so,
 * and the caller shows the text where it can be selected by hand.
 */
export function CopyButton({ text, label, what, variant = 'outline', size = 'sm', className }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast({ title: 'Copy failed', description: 'Select the text and copy it by hand.', variant: 'destructive' });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
  };

  return (
    <>
      <Button variant={variant} size={size} className={className} onClick={() => void copy()}>
        {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
        {copied ? 'Copied' : label}
        {what ? <span className="sr-only"> {what}</span> : null}
      </Button>
      <span role="status" className="sr-only">
        {copied ? `Copied ${what ?? 'to the clipboard'}` : ''}
      </span>
    </>
  );
}
