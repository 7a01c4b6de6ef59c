import type { ReactElement } from 'react';
import type { toPlainText } from '@react-email/render';
import type { MailMessage } from './mailer.js';

/** The parts of html-to-text's formatter API we use (the package ships no types). */
interface TextElement {
  attribs?: Record<string, string>;
  children: unknown[];
}
interface TextBuilder {
  openBlock(options: { leadingLineBreaks: number }): void;
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
  closeBlock(options: { trailingLineBreaks: number }): void;
}

/**
 * html-to-text's rules for the plain-text part: an action link reads `Label: address` on its own
 * line, as our text mails always did.
 */
const TEXT_OPTIONS: Parameters<typeof toPlainText>[1] = {
  formatters: {
    actionLink(element: TextElement, walk: (nodes: unknown[], builder: TextBuilder) => void, builder: TextBuilder) {
      builder.openBlock({ leadingLineBreaks: 2 });
      walk(element.children, builder);
      builder.addInline(`: ${element.attribs?.href ?? ''}`, { noWordTransform: true });
      builder.closeBlock({ trailingLineBreaks: 2 });
    },
  },
  selectors: [{ selector: 'a[data-text-format=action]', format: 'actionLink' }],
};

/** One template, two parts: the HTML React renders (escaping what users typed) and its plain text. */
export async function renderMail(to: string, subject: string, body: ReactElement): Promise<MailMessage> {
  // Loaded with the first mail: React's server renderer and html-to-text are memory a server
  // that sends no mail need not hold.
  const { render, toPlainText } = await import('@react-email/render');
  const html = await render(body);
  return {
    to,
    // Whatever a template puts in the subject stays one header line.
    subject: subject.replace(/[\r\n]+/g, ' '),
    html,
    text: toPlainText(html, TEXT_OPTIONS).trim(),
  };
}
