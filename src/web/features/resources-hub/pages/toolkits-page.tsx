import { BuyingNotes } from '../components/buying-notes.js';
import { CatalogView } from '../components/catalog-view.js';
import { HubHeader } from '../components/hub-header.js';

/** /resources/toolkits (spec extended 3). */
export function ToolkitsPage() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <HubHeader title="Toolkits & Parts" description="Tools, testers and replacement parts for servicing machines." />
      <BuyingNotes />
      <CatalogView catalogue="toolkits" searchLabel="Search tools and parts" addedMessage={(item) => `${item.name} has been added to your cart.`} />
    </div>
  );
}
