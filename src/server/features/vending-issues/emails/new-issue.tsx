import { Fragment } from 'react';
import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';

/** Customer text goes into a header: no line breaks, and short enough for a mail client's list. */
const oneLine = (value: string, max = 80) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Line breaks the customer typed, kept in both parts. */
const withLineBreaks = (value: string) =>
  value.split(/\r?\n/).map((line, index) => (
    <Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ));

/** Tells a machine's owner that a customer reported a problem, with a link to the issues page. */
export const newIssueMail = defineMail({
  props: z.object({
    machineName: z.string().nullable(),
    productName: z.string(),
    customerName: z.string(),
    customerEmail: z.string(),
    issueDescription: z.string().nullable(),
    issuesLink: z.string().url(),
  }),
  subject: ({ machineName, productName }) => `New vending issue${machineName ? ` at ${oneLine(machineName)}` : ''}: ${oneLine(productName)}`,
  body: (issue) => {
    const details: [string, string][] = [
      ['Product', issue.productName],
      ['Customer', `${issue.customerName} <${issue.customerEmail}>`],
      ['Description', issue.issueDescription ?? '(none given)'],
    ];
    return (
      <MailLayout>
        <Paragraph>A customer reported a problem{issue.machineName ? ` at ${issue.machineName}` : ''}.</Paragraph>
        <Paragraph>
          {details.map(([label, value], index) => (
            <Fragment key={label}>
              {index > 0 && <br />}
              <strong>{label}:</strong> {withLineBreaks(value)}
            </Fragment>
          ))}
        </Paragraph>
        <ActionLink href={issue.issuesLink}>Open Vending Issues</ActionLink>
        <Paragraph muted>You get this message because email notifications are on in your settings.</Paragraph>
      </MailLayout>
    );
  },
});
