import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, Greeting, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { MailLocaleSchema, type MailLocale, type Translated } from '../../../integrations/mail/mail-locale.js';

/** The words of a link mail, in one language. */
export interface LinkMailCopy {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

interface LinkMailProps {
  locale: MailLocale;
  firstName: string;
  copy: LinkMailCopy;
  link: string;
}

/** A greeting, why we write, the one link to follow, and what happens if it is ignored. */
export function LinkMail({ locale, firstName, copy, link }: LinkMailProps) {
  return (
    <MailLayout locale={locale}>
      <Greeting firstName={firstName} />
      <Paragraph>{copy.intro}</Paragraph>
      <ActionLink href={link}>{copy.action}</ActionLink>
      <Paragraph muted>{copy.outro}</Paragraph>
    </MailLayout>
  );
}

/** A mail of one link to the account's owner (verify, reset, sign in), in the account's language. */
export function defineLinkMail(copy: Translated<LinkMailCopy>) {
  return defineMail({
    props: z.object({ locale: MailLocaleSchema, firstName: z.string(), link: z.string().url() }),
    subject: ({ locale }) => copy[locale].subject,
    body: ({ locale, firstName, link }) => <LinkMail locale={locale} firstName={firstName} copy={copy[locale]} link={link} />,
  });
}
