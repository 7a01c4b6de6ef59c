import { Home } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '../components/brand.js';
import { PageTitle } from '../components/page-title.js';
import { buttonClasses } from '../components/ui/button.js';
import { paths } from '../lib/paths.js';

/** The 404 message; inside the operator shell it stands alone in <main>. */
export function NotFoundContent() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <PageTitle title="Page Not Found" />
      <p className="text-5xl font-bold text-muted-foreground" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className={buttonClasses()}>
        <Home className="size-4" aria-hidden="true" />
        Go to Home
      </Link>
    </div>
  );
}

/** Any path that is not a page (spec 2.1). */
export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-2 px-4">
      <Brand />
      <NotFoundContent />
    </main>
  );
}
