import { z } from 'zod';

/*
 * Live updates (server-sent events). An event only says what changed and where; the page then reads
 * the figures again through the ordinary, authorised calls, so an event never carries more than the
 * names an operator already sees on the issue itself.
 */

export const LIVE_EVENT_TYPES = ['vote', 'suggestion', 'issue'] as const;

export const LiveVoteSchema = z.object({
  type: z.literal('vote'),
  machineId: z.number().int().nullable(),
  productId: z.number().int(),
});

export const LiveSuggestionSchema = z.object({
  type: z.literal('suggestion'),
  change: z.enum(['created', 'approved', 'declined', 'stocked']),
  machineId: z.number().int().nullable(),
  suggestionId: z.number().int(),
});

export const LiveIssueSchema = z.object({
  type: z.literal('issue'),
  change: z.enum(['reported', 'status']),
  machineId: z.number().int().nullable(),
  issueId: z.number().int(),
  status: z.enum(['open', 'investigating', 'resolved']),
  productName: z.string(),
  machineName: z.string().nullable(),
});

/** What an operator's open tab receives on `GET /api/live`. */
export const LiveEventSchema = z.discriminatedUnion('type', [LiveVoteSchema, LiveSuggestionSchema, LiveIssueSchema]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/** What a machine's vote page receives on `GET /api/vote-page/{id}/live`: that a count there moved. */
export const PublicLiveEventSchema = z.object({ type: z.literal('vote'), productId: z.number().int() });
export type PublicLiveEvent = z.infer<typeof PublicLiveEventSchema>;

/** Text of the notification a new issue raises in the operator's open tab. */
export function newIssueNotice(event: { productName: string; machineName: string | null }): string {
  return event.machineName ? `${event.productName} at ${event.machineName}` : event.productName;
}

export const LiveMessages = {
  tooManyStreams: 'Too many live connections are open; close a tab and try again',
} as const;
