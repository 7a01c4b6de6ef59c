import { z } from 'zod';

/** What the contact page and its mails say (spec extended 2 and 8). */
export const ContactMessages = {
  sentTitle: 'Message Sent!',
  // No reply time is promised: the admins answer from the Messages tab, when they can.
  sentDescription: "Thank you for reaching out. We'll reply by email to the address you gave.",
  failedTitle: 'Message Failed',
  failedDescription: 'There was an error sending your message. Please try again.',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
} as const;

/** When someone answers; shown on the page and repeated in the sender's copy. */
export const SUPPORT_HOURS = 'Monday-Friday, 9:00-17:00 EST';
export const REPLY_TIME = 'We reply by email to the address you give, on working days.';

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 150,
  message: 5000,
  /** Messages one address may send in RATE_WINDOW_MS; a person writes one or two. */
  perAddress: 5,
  /** Messages (and so copies) one email address may receive in RATE_WINDOW_MS, from any address. */
  perEmail: 5,
  windowMs: 60 * 60 * 1000,
} as const;

/**
 * The field a person never sees (hidden, out of the tab order, no autocomplete) and a form-filling
 * bot fills in. The server answers such a message like any other but keeps and sends nothing.
 */
export const HONEYPOT_FIELD = 'website';

const requiredText = (max: number, required: string, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`);

/** `POST /api/contact` (spec extended 7): all four fields required. */
export const ContactInputSchema = z.strictObject({
  name: requiredText(CONTACT_LIMITS.name, ContactMessages.nameRequired, 'Name'),
  email: z
    .string({ error: ContactMessages.emailRequired })
    .trim()
    .min(1, ContactMessages.emailRequired)
    .max(CONTACT_LIMITS.email, ContactMessages.emailInvalid)
    .pipe(z.email(ContactMessages.emailInvalid)),
  subject: requiredText(CONTACT_LIMITS.subject, ContactMessages.subjectRequired, 'Subject'),
  message: requiredText(CONTACT_LIMITS.message, ContactMessages.messageRequired, 'Message'),
  // Any text is accepted, so a bot that filled it learns nothing from the answer.
  [HONEYPOT_FIELD]: z.string().max(2000).optional(),
});
export type ContactInput = z.input<typeof ContactInputSchema>;
export type ContactSubmission = z.output<typeof ContactInputSchema>;

/**
 * The answer to `POST /api/contact` (202: kept, mail on its way). The same for a message that was
 * dropped, so it carries nothing that only a stored message would have.
 */
export const ContactReceiptSchema = z.object({ message: z.string() });
export type ContactReceipt = z.infer<typeof ContactReceiptSchema>;

/** A reply an admin sent by mail, as admins read it back. */
export const ContactReplySchema = z.object({
  id: z.number().int(),
  body: z.string(),
  sentByEmail: z.string(),
  createdAt: z.string(),
});
export type ContactReply = z.infer<typeof ContactReplySchema>;

/** A stored message as administrators read it; the sender's network address is never shown. */
export const ContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** When an admin marked it handled (replying does too); null while it waits. */
  handledAt: z.string().nullable(),
  handledByEmail: z.string().nullable(),
  replies: z.array(ContactReplySchema),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const CONTACT_MESSAGE_FILTERS = ['open', 'handled', 'all'] as const;
export type ContactMessageFilter = (typeof CONTACT_MESSAGE_FILTERS)[number];

/** `PATCH /api/admin/contact-messages/{id}`: handled, or back to waiting. */
export const ContactMessageUpdateSchema = z.strictObject({
  handled: z.boolean({ error: 'handled must be true or false' }),
});

export const CONTACT_REPLY_MAX = 5000;

/** `POST /api/admin/contact-messages/{id}/replies`: mailed to the sender, and the message is handled. */
export const ContactReplyInputSchema = z.strictObject({
  body: requiredText(CONTACT_REPLY_MAX, 'Please write a reply', 'Reply'),
});
export type ContactReplyInput = z.input<typeof ContactReplyInputSchema>;

const pageMessage = 'Page must be a whole number from 1';
const pageSizeMessage = 'Page size must be a whole number from 1 to 100';

/** `GET /api/admin/contact-messages?page=&pageSize=&status=`: those waiting first, then newest first; `status` narrows to open or handled ones. */
export const ContactMessageListQuerySchema = z.object({
  status: z.enum(CONTACT_MESSAGE_FILTERS, { error: 'Status must be open, handled or all' }).default('all'),
  page: z.coerce.number({ error: pageMessage }).int(pageMessage).min(1, pageMessage).max(1_000_000, pageMessage).default(1),
  pageSize: z.coerce
    .number({ error: pageSizeMessage })
    .int(pageSizeMessage)
    .min(1, pageSizeMessage)
    .max(100, pageSizeMessage)
    .default(25),
});
export type ContactMessageListQuery = z.output<typeof ContactMessageListQuerySchema>;

export const ContactMessagePageSchema = z.object({
  messages: z.array(ContactMessageSchema),
  /** Messages nobody has handled yet, whatever the filter: the tab's count. */
  open: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ContactMessagePage = z.infer<typeof ContactMessagePageSchema>;
