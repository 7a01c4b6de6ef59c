import { HandHeart } from 'lucide-react';
import { useState } from 'react';
import type { Charity } from '../../../../shared/donation-hub.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.js';
import { DonationForm } from './donation-form.js';

/** Record Donation (spec 2, 4): opens from a charity's card and closes on Cancel or once the gift is recorded. */
export function RecordDonationDialog({ charity }: { charity: Charity }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : setOpen(next))}>
      <DialogTrigger asChild>
        <Button className="flex-1" icon={<HandHeart className="size-4" aria-hidden="true" />}>
          Record Donation<span className="sr-only"> to {charity.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        {open ? <DonationForm charity={charity} onBusyChange={setBusy} onClose={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
