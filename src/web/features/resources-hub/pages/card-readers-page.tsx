import { BuyingNotes } from '../components/buying-notes.js';
import { CatalogView } from '../components/catalog-view.js';
import { HubHeader } from '../components/hub-header.js';

/** /resources/card-readers (spec extended 3). */
export function CardReadersPage() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <HubHeader title="Credit Card Readers" description="Cashless readers for your machines, and mobile readers for selling on the spot." />
      <BuyingNotes />
      <CatalogView catalogue="card-readers" searchLabel="Search card readers" addedMessage={(item) => `${item.name} has been added to your cart.`} />
    </div>
  );
}
