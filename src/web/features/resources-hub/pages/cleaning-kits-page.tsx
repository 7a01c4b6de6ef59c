import { BuyingNotes } from '../components/buying-notes.js';
import { CatalogView } from '../components/catalog-view.js';
import { HubHeader } from '../components/hub-header.js';

/** /resources/cleaning-kits (spec extended 3). */
export function CleaningKitsPage() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <HubHeader title="Cleaning Kits" description="Cleaning supplies for keeping machines, keypads and display glass spotless." />
      <BuyingNotes />
      <CatalogView catalogue="cleaning-kits" searchLabel="Search cleaning supplies" addedMessage={() => 'Product added to your cleaning supplies cart'} />
    </div>
  );
}
