import type { ReactNode } from 'react';
// One package per component: the collection package also loads Tailwind, Markdown and code
// highlighting, about 30 MB the server would carry for mails that use none of them.
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

const styles = {
  body: { backgroundColor: '#f6f7f9', fontFamily: 'Helvetica, Arial, sans-serif', color: '#111827' },
  container: { backgroundColor: '#ffffff', padding: '24px', margin: '24px auto', maxWidth: '560px', borderRadius: '8px' },
  text: { fontSize: '15px', lineHeight: '22px' },
  muted: { fontSize: '13px', lineHeight: '20px', color: '#555555' },
  button: {
    display: 'inline-block',
    padding: '10px 18px',
    backgroundColor: '#2563eb',
    color: '#ffffff',
    borderRadius: '6px',
    textDecoration: 'none',
  },
} as const;

/** The frame of every VendVote mail: one column, the content, the signature. */
export function MailLayout({ children }: { children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Body style={styles.body}>
        <Container style={styles.container}>
          {children}
          <Text style={styles.text}>— VendVote</Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return <Text style={muted ? styles.muted : styles.text}>{children}</Text>;
}

/**
 * The mail's one action as a button, and its address spelled out for clients that hide links.
 * The plain-text part shows `label: address` instead of both (see render-mail.ts).
 */
export function ActionLink({ href, children }: { href: string; children: string }) {
  return (
    <>
      <Section>
        <Link href={href} style={styles.button} data-text-format="action">
          {children}
        </Link>
      </Section>
      <Text style={styles.muted} data-skip-in-text={true}>
        Or open this address: {href}
      </Text>
    </>
  );
}
