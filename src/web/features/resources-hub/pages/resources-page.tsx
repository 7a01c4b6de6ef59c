import { ChartLine, ChevronRight, CreditCard, SprayCan, Users, Wrench, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CATALOGUES, type Catalogue } from '../../../../shared/resources-hub.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { hasOperatorPage } from '../../../app/operator-routes.js';
import { Badge } from '../../../components/ui/badge.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { paths } from '../../../lib/paths.js';
import { useHubSummary } from '../api.js';
import { BuyingNotes } from '../components/buying-notes.js';
import { HubHeader } from '../components/hub-header.js';
import { PricesUpdated } from '../components/prices-updated.js';

interface HubCard {
  title: string;
  description: string;
  href: string;
  icon: LucideIcon;
  catalogue?: Catalogue;
}

const CARDS: HubCard[] = [
  { title: 'Cleaning Kits', description: 'Disinfectants, glass cleaners and cloths for machines and keypads.', href: paths.cleaningKits, icon: SprayCan, catalogue: 'cleaning-kits' },
  { title: 'Credit Card Readers', description: 'Cashless readers for vending machines and mobile readers.', href: paths.cardReaders, icon: CreditCard, catalogue: 'card-readers' },
  { title: 'Toolkits & Parts', description: 'Tool sets, testers, lubricants and replacement parts.', href: paths.toolkits, icon: Wrench, catalogue: 'toolkits' },
  { title: 'Inventory Analytics', description: 'Demand and restocking advice from your machines’ votes.', href: paths.inventoryAnalytics, icon: ChartLine },
  { title: 'Demographics', description: 'Who votes at your machines, when and how.', href: paths.demographics, icon: Users },
];

/** The hub's figures, counted from the catalogue in place of the original's fixed '500+ products'. */
function HubStats() {
  const summary = useHubSummary();
  if (summary.isPending) return <Skeleton className="h-20" />;
  if (summary.isError) return null;
  const stats = [
    { label: 'Products listed', value: summary.data.totalItems.toLocaleString('en-US') },
    { label: 'In stock now', value: summary.data.inStockItems.toLocaleString('en-US') },
    { label: 'Catalogues', value: String(CATALOGUES.length) },
  ];
  return (
    <div className="grid gap-2">
      <dl className="grid grid-cols-3 gap-3">
        {stats.map((stat) => (
          <Card key={stat.label} className="grid gap-1 p-4 text-center">
            <dt className="order-2 text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="order-1 text-2xl font-bold" data-testid={`hub-stat-${stat.label}`}>
              {stat.value}
            </dd>
          </Card>
        ))}
      </dl>
      <PricesUpdated at={summary.data.pricesUpdatedAt} />
    </div>
  );
}

function HubCardBody({ card, built, products }: { card: HubCard; built: boolean; products?: number }) {
  const Icon = card.icon;
  return (
    <>
      <Icon className="size-8 text-primary" aria-hidden="true" />
      <div className="grid gap-1">
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          {card.title}
          {built ? null : <Badge variant="secondary">Coming soon</Badge>}
        </h2>
        <p className="text-sm text-muted-foreground">{card.description}</p>
        {products === undefined ? null : <p className="text-sm">{countOf(products, 'product')}</p>}
      </div>
      {built ? <ChevronRight className="ml-auto size-5 shrink-0 text-muted-foreground" aria-hidden="true" /> : null}
    </>
  );
}

/** /resources (spec extended 3): the five areas of the hub, and the catalogue's real figures. */
export function ResourcesPage() {
  const summary = useHubSummary();
  const productsIn = (catalogue?: Catalogue) => (catalogue ? summary.data?.catalogues.find((entry) => entry.catalogue === catalogue)?.items : undefined);
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <HubHeader title="Business Resources" description="Supplies, equipment and insights for running your machines." backToHub={false} />
      <HubStats />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {CARDS.map((card) => {
          // A card whose page is not built yet is plain text whose heading says 'Coming soon', instead of
          // a link to a 404 or a control that does nothing.
          const built = hasOperatorPage(card.href);
          const body = <HubCardBody card={card} built={built} products={productsIn(card.catalogue)} />;
          return (
            <li key={card.href}>
              {built ? (
                <Link to={card.href} className="flex h-full items-start gap-4 rounded-xl border border-border bg-card p-5 shadow-sm transition-colors hover:bg-muted">
                  {body}
                </Link>
              ) : (
                <div className="flex h-full items-start gap-4 rounded-xl border border-dashed border-border p-5">
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <BuyingNotes />
    </div>
  );
}
