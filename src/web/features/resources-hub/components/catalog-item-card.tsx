import { Check, ExternalLink, ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CatalogItem } from '../../../../shared/resources-hub.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { useChargeFormat } from '../../settings/use-charge-format.js';

interface CatalogItemCardProps {
  item: CatalogItem;
  adding: boolean;
  onAdd: (item: CatalogItem) => void;
  /** An admin's controls for the item; nothing for operators. */
  adminActions?: ReactNode;
}

/** One retail product: what it is, the retailer's price, stock, and the catalogue's own field. */
export function CatalogItemCard({ item, adding, onAdd, adminActions }: CatalogItemCardProps) {
  // The retailer's US-dollar prices, marked US$ for an operator who keeps another currency.
  const price = useChargeFormat();
  const headingId = `catalog-item-${item.id}`;
  return (
    <Card className="flex flex-col gap-3 p-4" aria-labelledby={headingId} role="article" data-testid="catalog-item">
      <div className="flex flex-wrap gap-1.5">
        <Badge variant="secondary">{item.category}</Badge>
        {item.bestseller ? <Badge variant="info">Bestseller</Badge> : null}
        {item.popular ? <Badge variant="outline">Popular</Badge> : null}
        {item.inStock ? <Badge variant="success">In stock</Badge> : <Badge variant="destructive">Out of stock</Badge>}
      </div>
      <div className="grid gap-1">
        <h3 id={headingId} className="leading-snug font-semibold">
          {item.name}
        </h3>
        {item.brand ? <p className="text-sm text-muted-foreground">{item.brand}</p> : null}
      </div>
      {item.description ? <p className="text-sm">{item.description}</p> : null}
      {item.features.length ? (
        <ul className="grid gap-1 text-sm">
          {item.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success-soft-foreground" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid gap-1 text-sm">
        {item.installation ? (
          <div className="flex gap-1">
            <dt className="font-medium">Installation:</dt>
            <dd>{item.installation}</dd>
          </div>
        ) : null}
        {item.warranty ? (
          <div className="flex gap-1">
            <dt className="font-medium">Warranty:</dt>
            <dd>{item.warranty}</dd>
          </div>
        ) : null}
        {item.businessSavingsPercent ? (
          <div className="flex gap-1">
            <dt className="font-medium">Business savings:</dt>
            <dd>{item.businessSavingsPercent}% off the usual price when listed</dd>
          </div>
        ) : null}
        {item.rating ? (
          <div className="flex gap-1">
            <dt className="font-medium">Amazon rating:</dt>
            <dd>{item.rating} of 5 when listed</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-auto flex items-baseline gap-2">
        <span className="text-xl font-bold" data-testid="catalog-item-price">
          {price(item.price)}
        </span>
        {item.originalPrice ? (
          <span className="text-sm text-muted-foreground line-through">
            <span className="sr-only">was </span>
            {price(item.originalPrice)}
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button className="flex-1" disabled={!item.inStock} loading={adding} onClick={() => onAdd(item)}>
          <ShoppingCart className="size-4" aria-hidden="true" />
          {item.inStock ? 'Add to Cart' : 'Out of Stock'}
          <span className="sr-only">: {item.name}</span>
        </Button>
        <a href={item.retailerUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'outline', className: 'flex-1' })}>
          View on Amazon
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">: {item.name} (opens in a new tab)</span>
        </a>
      </div>
      {adminActions}
    </Card>
  );
}
