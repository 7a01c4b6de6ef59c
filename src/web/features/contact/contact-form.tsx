import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import {
  CONTACT_LIMITS,
  ContactInputSchema,
  ContactMessages,
  HONEYPOT_FIELD,
  type ContactInput,
  type ContactSubmission,
} from '../../../shared/contact.schemas.js';
import { Alert } from '../../components/ui/alert.js';
import { SubmitButton } from '../../components/ui/form-buttons.js';
import { HoneypotField } from '../../components/ui/honeypot-field.js';
import { EmailField, TextField } from '../../components/ui/text-field.js';
import { TextareaField } from '../../components/ui/textarea-field.js';
import { usePublicForm } from '../../lib/use-public-form.js';
import { useSendContactMessage } from './api.js';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

const EMPTY_FORM: ContactInput = { name: '', email: '', subject: '', message: '', [HONEYPOT_FIELD]: '' };

/** Name, email, subject and message (spec extended 2); what was typed stays until it is sent. */
export function ContactForm() {
  const send = useSendContactMessage();
  const { register, errors, isSubmitting, onSubmit, failure } = usePublicForm<ContactInput, ContactSubmission>({
    resolver: zodResolver(ContactInputSchema),
    empty: EMPTY_FORM,
    fields: FIELDS,
    send: (values) => send.mutateAsync(values),
    sent: { title: ContactMessages.sentTitle, description: ContactMessages.sentDescription },
    failed: { title: ContactMessages.failedTitle, fallback: ContactMessages.failedDescription },
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
        <EmailField label="Email" error={errors.email?.message} {...register('email')} />
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
      <HoneypotField id="contact-website" {...register(HONEYPOT_FIELD)} />
      <SubmitButton size="lg" busy={isSubmitting} icon={<Send className="size-4" aria-hidden="true" />}>
        Send Message
      </SubmitButton>
    </form>
  );
}
