import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { usePurchaseList } from '../purchase-list-api.js';
import { PurchaseListDialog } from './purchase-list-dialog.js';

/** 'Purchase list (N)': the count of lines on the list, and the list itself in a dialog. */
export function PurchaseListButton() {
  const list = usePurchaseList();
  const [open, setOpen] = useState(false);
  const count = list.data?.items.length;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} icon={<ClipboardList className="size-4" aria-hidden="true" />} data-testid="purchase-list-button">
        Purchase list{count === undefined ? null : ` (${count})`}
      </Button>
      <PurchaseListDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
