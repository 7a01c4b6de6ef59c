import type { ReactElement } from 'react';
import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition.js';
import { renderMail } from './render-mail.js';

export interface MailTemplate<S extends z.ZodType> {
  /**
   * What the template needs, stored in the mail's job until it is sent: everything to render it
   * after a crash, nothing it could look up again later.
   */
  props: S;
  subject(props: z.output<S>): string;
  body(props: z.output<S>): ReactElement;
  /**
   * Where a notice the reader may turn off is unsubscribed with one click: sent as List-Unsubscribe
   * with List-Unsubscribe-Post (RFC 8058), so mail clients offer their own button, which POSTs there.
   */
  unsubscribeUrl?(props: z.output<S>): string;
}

export const defineMail = <S extends z.ZodType>(template: MailTemplate<S>) => template;

/** The job that renders one kind of mail and sends it; retried by the worker while it fails. */
export function mailJob<S extends z.ZodType>(template: MailTemplate<S>) {
  return defineJob({
    payload: z.object({ to: z.string().min(3), replyTo: z.string().min(3).optional(), props: template.props }),
    async handle(payload, { mailer, metrics }) {
      // zod cannot spell out an object type over a generic schema; this is that object.
      const { to, replyTo, props } = payload as { to: string; replyTo?: string; props: z.output<S> };
      const message = await renderMail(to, template.subject(props), template.body(props));
      const unsubscribeUrl = template.unsubscribeUrl?.(props);
      const headers = unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
      try {
        await mailer.send({ ...message, ...(replyTo ? { replyTo } : {}), ...(headers ? { headers } : {}) });
      } catch (error) {
        metrics?.mail('failed');
        throw error;
      }
      metrics?.mail('sent');
    },
  });
}
