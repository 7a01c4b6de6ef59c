import { RotateCw } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Brand } from '../components/brand.js';
import { PageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { NotFoundContent } from './not-found.js';

/** Shown when a page fails to render, so a bug never leaves a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <Brand />
      {notFound ? (
        <NotFoundContent />
      ) : (
        <>
          <PageTitle title="Something went wrong" />
          <h1 className="text-2xl font-bold tracking-tight">Something went wrong</h1>
          <p className="max-w-md text-muted-foreground">
            This page could not be shown. Reload to try again; if it keeps happening, please contact support.
          </p>
          <Button onClick={() => window.location.reload()}>
            <RotateCw className="size-4" aria-hidden="true" />
            Reload page
          </Button>
        </>
      )}
    </main>
  );
}
