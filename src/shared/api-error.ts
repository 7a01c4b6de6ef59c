import { z } from 'zod';

/** The body of every error answer: `message` is what the user sees; `errors` maps fields to messages. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** On unexpected failures only: quoted to support, found in the server's log. */
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

/** `DELETE` answers (DECISIONS 6). */
export const DeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** Answers that only tell the user something. */
export const MessageSchema = z.object({ message: z.string() });

/** Routes that answer a file (PNG, PDF, HTML) rather than JSON; named so every route declares its answer. */
export const FileResponseSchema = z.unknown().meta({ description: 'A file, not JSON' });

/** Routes that only redirect a browser. */
export const RedirectResponseSchema = z.null().meta({ description: 'A redirect; no body' });
