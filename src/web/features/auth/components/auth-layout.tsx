import type { ReactNode } from 'react';
import { Brand } from '../../../components/brand.js';
import { PageTitle } from '../../../components/page-title.js';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';

interface AuthLayoutProps {
  /** The page's only h1, also used for the document title. */
  title: string;
  description?: ReactNode;
  /** An icon shown above the title (e.g. a mail or check mark). */
  icon?: ReactNode;
  children: ReactNode;
}

/** The centred card every sign-in related screen uses; fits a 360 px wide phone. */
export function AuthLayout({ title, description, icon, children }: AuthLayoutProps) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-10">
      <PageTitle title={title} />
      <Brand />
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          {icon ? (
            <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
              {icon}
            </div>
          ) : null}
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        {children}
      </Card>
    </main>
  );
}
