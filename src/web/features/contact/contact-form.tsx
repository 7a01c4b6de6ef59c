import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CONTACT_LIMITS,
  ContactInputSchema,
  ContactMessages,
  HONEYPOT_FIELD,
  type ContactInput,
  type ContactSubmission,
} from '../../../shared/contact.schemas.js';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { TextField } from '../../components/ui/text-field.js';
import { TextareaField } from '../../components/ui/textarea-field.js';
import { toast } from '../../components/ui/use-toast.js';
import { showServerFieldErrors } from '../../lib/server-field-errors.js';
import { useSendContactMessage } from './api.js';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

const EMPTY_FORM: ContactInput = { name: '', email: '', subject: '', message: '', [HONEYPOT_FIELD]: '' };

/** Name, email, subject and message (spec extended 2); what was typed stays until it is sent. */
export function ContactForm() {
  const send = useSendContactMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, ContactSubmission>({ resolver: zodResolver(ContactInputSchema), defaultValues: EMPTY_FORM });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync(values);
      toast({ title: ContactMessages.sentTitle, description: ContactMessages.sentDescription });
      reset(EMPTY_FORM);
    } catch (error) {
      const details = showServerFieldErrors(error, FIELDS, setError);
      // The server's own words where they help (a field to fix, a wait); the spec's text otherwise.
      const explained = (details.status === 400 || details.status === 429) && details.message;
      const description = explained ? details.message! : ContactMessages.failedDescription;
      setFailure(description);
      toast({ title: ContactMessages.failedTitle, description, variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact form" className="grid gap-4">
      {failure ? (
        <Alert variant="destructive">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" aria-required="true" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          aria-required="true"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextField label="Subject" aria-required="true" error={errors.subject?.message} {...register('subject')} />
      <TextareaField
        label="Message"
        rows={6}
        aria-required="true"
        hint={`Up to ${CONTACT_LIMITS.message} characters.`}
        error={errors.message?.message}
        {...register('message')}
      />
      {/* People never see or reach this field; form-filling bots fill it, and the server drops their message. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register(HONEYPOT_FIELD)} />
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-fit sm:justify-self-end" loading={isSubmitting}>
        {isSubmitting ? null : <Send className="size-4" aria-hidden="true" />}
        Send Message
      </Button>
    </form>
  );
}
