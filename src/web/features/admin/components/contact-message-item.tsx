import { Check, ChevronDown, Mail, RotateCcw, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CONTACT_REPLY_MAX, type ContactMessage } from '../../../../shared/contact.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { TextareaField } from '../../../components/ui/textarea-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { cn } from '../../../lib/cn.js';
import { useReplyToContactMessage, useSetContactMessageHandled } from '../contact-messages-api.js';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One message from the contact page: who and what at a glance; opened, the whole text, the replies, and the answer form. */
export function ContactMessageItem({ message }: { message: ContactMessage }) {
  const [open, setOpen] = useState(false);
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState<string | undefined>();
  const setHandled = useSetContactMessageHandled();
  const sendReply = useReplyToContactMessage();
  const bodyId = useId();
  const titleId = useId();
  const handled = message.handledAt !== null;

  const failed = (title: string, error: unknown) => {
    if (isUnauthorizedError(error)) return;
    toast({ title, description: readApiError(error).message ?? 'Please try again.', variant: 'destructive' });
  };

  const toggleHandled = async () => {
    try {
      await setHandled.mutateAsync({ id: message.id, handled: !handled });
      toast({ title: handled ? 'Marked as waiting' : 'Marked handled', description: message.subject });
    } catch (error) {
      failed('Could not change the message', error);
    }
  };

  const onReply = async (event: FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) {
      setReplyError('Please write a reply');
      return;
    }
    setReplyError(undefined);
    try {
      await sendReply.mutateAsync({ id: message.id, reply: { body: reply } });
      setReply('');
      toast({ title: 'Reply sent', description: `Mailed to ${message.email}.` });
    } catch (error) {
      setReplyError(readApiError(error).errors?.body);
      failed('Reply not sent', error);
    }
  };

  return (
    <li aria-labelledby={titleId} className="grid gap-3 p-4" data-testid="contact-message">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="font-semibold break-words">
              {message.subject}
            </h3>
            {handled ? <Badge variant="secondary">Handled</Badge> : <Badge variant="info">Waiting</Badge>}
            {message.replies.length > 0 ? (
              <Badge variant="outline">
                {message.replies.length} {message.replies.length === 1 ? 'reply' : 'replies'}
              </Badge>
            ) : null}
          </div>
          <p className="text-sm break-words text-muted-foreground">
            {message.name} &lt;{message.email}&gt; · <time dateTime={message.createdAt}>{when(message.createdAt)}</time>
          </p>
          {!open ? <p className="line-clamp-2 text-sm break-words">{message.message}</p> : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="outline" size="sm" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
            <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
            {open ? 'Close' : 'Read'}
            <span className="sr-only"> {message.subject}</span>
          </Button>
          <Button variant="outline" size="sm" loading={setHandled.isPending} onClick={toggleHandled}>
            {handled ? <RotateCcw className="size-4" aria-hidden="true" /> : <Check className="size-4" aria-hidden="true" />}
            {handled ? 'Mark as waiting' : 'Mark handled'}
            <span className="sr-only"> {message.subject}</span>
          </Button>
        </div>
      </div>
      <div id={bodyId} hidden={!open} className="grid gap-4">
        <p className="rounded-md border border-border bg-muted/40 p-3 text-sm break-words whitespace-pre-wrap">{message.message}</p>
        {message.handledByEmail && message.handledAt ? (
          <p className="text-xs text-muted-foreground">
            Handled by {message.handledByEmail} on <time dateTime={message.handledAt}>{when(message.handledAt)}</time>
          </p>
        ) : null}
        {message.replies.length > 0 ? (
          <section aria-label="Replies sent" className="grid gap-2">
            {message.replies.map((sent) => (
              <article key={sent.id} className="grid gap-1 rounded-md border-l-4 border-primary/50 bg-background p-3 text-sm">
                <p className="flex items-center gap-1 text-xs text-muted-foreground">
                  <Mail className="size-3" aria-hidden="true" />
                  {sent.sentByEmail} replied on <time dateTime={sent.createdAt}>{when(sent.createdAt)}</time>
                </p>
                <p className="break-words whitespace-pre-wrap">{sent.body}</p>
              </article>
            ))}
          </section>
        ) : null}
        <form onSubmit={onReply} noValidate className="grid gap-2">
          <TextareaField
            label={`Reply to ${message.name}`}
            hint={`Sent by email to ${message.email}, with their message below it. The message is then marked handled.`}
            rows={4}
            maxLength={CONTACT_REPLY_MAX}
            value={reply}
            onChange={(event) => setReply(event.target.value)}
            error={replyError}
          />
          <Button type="submit" size="sm" className="w-fit" loading={sendReply.isPending}>
            <Send className="size-4" aria-hidden="true" />
            Send reply
          </Button>
        </form>
      </div>
    </li>
  );
}
