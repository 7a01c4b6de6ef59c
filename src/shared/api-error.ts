/** The body of every error answer: `message` is what the user sees; `errors` maps fields to messages. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
  requestId?: string;
}
