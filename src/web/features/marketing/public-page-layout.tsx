import type { ReactNode } from 'react';
import { PageFooter } from '../../app/page-footer.js';
import { PageTitle } from '../../components/page-title.js';
import { cn } from '../../lib/cn.js';
import { SiteHeader } from './site-header.js';

export const PUBLIC_MAIN_ID = 'main-content';

/**
 * In HTML, '#top' means the top of the document. A page that names its content 'top' (the pricing
 * page, for the footer's /pricing#top) keeps that meaning: a scroll margin taller than the screen
 * makes the browser's and the router's scroll to it stop at the very top, above the site header.
 */
const TOP_ANCHOR_CLASS = '[&_#top]:scroll-mt-[100dvh]';

interface PublicPageLayoutProps {
  /** The page's name for the browser tab; a page people share takes it from PAGE_META (shared/page-meta.ts). */
  title: string;
  children: ReactNode;
  /** Classes for <main>, e.g. a page's own background. */
  className?: string;
  /** Replaces the site footer (the landing page gets it from its route). */
  footer?: ReactNode;
}

/**
 * The frame of every public page: a skip link, the site header, the page in <main>, the footer.
 * Phone-first: nothing in the frame is wider than a 320 px screen.
 */
export function PublicPageLayout({ title, children, className, footer = <PageFooter /> }: PublicPageLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <PageTitle title={title} />
      <a
        href={`#${PUBLIC_MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <main id={PUBLIC_MAIN_ID} tabIndex={-1} className={cn('flex-1 outline-none', TOP_ANCHOR_CLASS, className)}>
        {children}
      </main>
      {footer}
    </div>
  );
}

