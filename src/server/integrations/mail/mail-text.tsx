import { Fragment } from 'react';

/** Someone's text in a subject line: no line breaks, and short enough for a mail client's list. */
export const oneLine = (value: string, max = 80) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The line breaks someone typed, kept in both the HTML and the plain-text part. */
export const withLineBreaks = (value: string) =>
  value.split(/\r?\n/).map((line, index) => (
    <Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ));
