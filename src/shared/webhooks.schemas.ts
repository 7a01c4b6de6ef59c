import { z } from 'zod';
import { NotFoundMessages } from './ids.js';

/**
 * Outgoing webhooks: an operator's own systems are told, by a signed HTTPS POST, when something
 * happens at their machines. Managed in Settings → Notifications (docs/decisions/0031).
 */

export const WEBHOOK_EVENTS = ['vote.milestone', 'suggestion.created', 'issue.created', 'issue.status_changed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What a delivery can carry: the events above, and the test an operator sends from Settings. */
export const WEBHOOK_DELIVERY_TYPES = [...WEBHOOK_EVENTS, 'ping'] as const;
export type WebhookDeliveryType = (typeof WEBHOOK_DELIVERY_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, { label: string; description: string }> = {
  'vote.milestone': { label: 'Vote milestones', description: 'A product reaches 10, 25, 50, 100, 250, 500, 1,000, 2,500, 5,000 or 10,000 votes at a machine.' },
  'suggestion.created': { label: 'New suggestions', description: 'A customer suggests a product.' },
  'issue.created': { label: 'New issues', description: 'A customer reports a problem at a machine.' },
  'issue.status_changed': { label: 'Issue status changes', description: 'An issue moves to investigating or resolved.' },
};

/** Scores at a machine that are announced, once each per endpoint. */
export const VOTE_MILESTONES = [10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;

/** Endpoints per operator: enough for a few systems, few enough that one event stays cheap to fan out. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Deliveries listed per endpoint. */
export const WEBHOOK_DELIVERIES_SHOWN = 20;
/** Every secret starts with this, as Stripe's do, so one is recognisable in a config file. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WebhookMessages = {
  urlRequired: 'Enter the URL to send events to',
  urlInvalid: 'Enter a full URL, such as https://example.com/vendvote',
  urlTooLong: `Must be at most ${WEBHOOK_URL_MAX} characters`,
  urlNotHttps: 'The URL must start with https://',
  urlCredentials: 'The URL must not contain a user name or password',
  urlUnresolvable: (host: string) => `${host} could not be found. Check the address.`,
  urlPrivate: (host: string) => `${host} is a private, local or reserved address. Webhooks go only to addresses on the public internet.`,
  descriptionTooLong: `Must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  eventsRequired: 'Choose at least one event',
  eventInvalid: `Events must be among: ${WEBHOOK_EVENTS.join(', ')}`,
  nothingToChange: 'Nothing to change: send url, description, events or enabled',
  tooMany: `You have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the most an account may have. Delete one you no longer use to add another.`,
  notFound: NotFoundMessages.webhook,
  disabledTest: 'This endpoint is turned off. Turn it on to send a test.',
  notConfigured: 'Webhooks are not set up on this server.',
  testQueued: 'A test event is on its way. Its result appears under Recent deliveries.',
} as const;

function isWebAddress(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The URL as typed: checked for shape here; whether it points at the public internet is the server's check (DNS). */
const WebhookUrlSchema = z
  .string({ error: WebhookMessages.urlRequired })
  .trim()
  .min(1, WebhookMessages.urlRequired)
  .max(WEBHOOK_URL_MAX, WebhookMessages.urlTooLong)
  .refine(isWebAddress, WebhookMessages.urlInvalid);

const DescriptionSchema = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, WebhookMessages.descriptionTooLong);

const EventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WebhookMessages.eventInvalid }), { error: WebhookMessages.eventsRequired })
  .min(1, WebhookMessages.eventsRequired)
  // Stored once each, in the order of WEBHOOK_EVENTS, whatever order the caller sent.
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

/** POST /api/webhooks. */
export const CreateWebhookSchema = z.strictObject({
  url: WebhookUrlSchema,
  description: DescriptionSchema.optional().default(''),
  events: EventsSchema,
});
export type CreateWebhook = z.input<typeof CreateWebhookSchema>;

/** PATCH /api/webhooks/:id: any of the fields, at least one. */
export const UpdateWebhookSchema = z
  .strictObject({
    url: WebhookUrlSchema.optional(),
    description: DescriptionSchema.optional(),
    events: EventsSchema.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), WebhookMessages.nothingToChange);
export type UpdateWebhook = z.input<typeof UpdateWebhookSchema>;

/** An endpoint as its owner sees it: never the secret. */
export const WebhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The last attempt to deliver anything to it, its HTTP status (null when no answer came) and error. */
  lastDeliveryAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/**
 * The answer to a creation: the only time, with a roll, that the signing secret is sent. Named
 * `signingSecret`, not `secret`: a bare `secret` in an answer is what the OpenAPI check flags as a
 * stored credential leaking.
 */
export const CreatedWebhookSchema = z.object({ endpoint: WebhookEndpointSchema, signingSecret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

/** POST /api/webhooks/:id/roll-secret. */
export const WebhookSecretSchema = z.object({ signingSecret: z.string() });
export type WebhookSecret = z.infer<typeof WebhookSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  eventType: z.enum(WEBHOOK_DELIVERY_TYPES),
  eventId: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** POST /api/webhooks/:id/test answers 202 with this. */
export const WebhookTestQueuedSchema = z.object({ message: z.string(), deliveryId: z.number().int() });
export type WebhookTestQueued = z.infer<typeof WebhookTestQueuedSchema>;
