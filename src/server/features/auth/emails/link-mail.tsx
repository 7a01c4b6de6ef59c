import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';

interface LinkMailProps {
  firstName: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
}

/** A greeting, why we write, the one link to follow, and what happens if it is ignored. */
export function LinkMail({ firstName, intro, action, link, outro }: LinkMailProps) {
  return (
    <MailLayout>
      <Paragraph>Hi {firstName},</Paragraph>
      <Paragraph>{intro}</Paragraph>
      <ActionLink href={link}>{action}</ActionLink>
      <Paragraph muted>{outro}</Paragraph>
    </MailLayout>
  );
}
