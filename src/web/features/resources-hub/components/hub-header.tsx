import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.js';
import { paths } from '../../../lib/paths.js';
import { CartButton } from './cart-button.js';

/** Title, description and the cart, on every page of the hub; the catalogues link back to the hub. */
export function HubHeader({ title, description, backToHub = true }: { title: string; description: string; backToHub?: boolean }) {
  return (
    <header className="grid gap-3">
      <PageTitle title={title} />
      {backToHub ? (
        <Link to={paths.resources} className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ChevronLeft className="size-4" aria-hidden="true" />
          Business Resources
        </Link>
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="text-muted-foreground">{description}</p>
        </div>
        <div className="flex items-center">
          <CartButton />
        </div>
      </div>
    </header>
  );
}
