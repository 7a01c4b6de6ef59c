import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Charity } from '../../../../shared/donation-hub.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.js';
import { FormButtons } from '../../../components/ui/form-buttons.js';
import { FormError } from '../../../components/ui/form-error.js';
import { TextareaField } from '../../../components/ui/textarea-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useSetAcceptedItems } from '../api.js';
import { ITEMS_HINT, itemsText, parseItems } from '../charity-format.js';

function AcceptedItemsForm({ charity, onClose }: { charity: Charity; onClose: () => void }) {
  const [text, setText] = useState(() => itemsText(charity.acceptedItems));
  const [error, setError] = useState<string | null>(null);
  const save = useSetAcceptedItems();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const { items } = await save.mutateAsync({ id: charity.id, items: parseItems(text) });
      toast({
        title: 'Accepted items saved',
        description: items.length === 0 ? `No items noted for ${charity.name}.` : `${charity.name}: ${items.join(', ')}.`,
      });
      onClose();
    } catch (failure) {
      if (isUnauthorizedError(failure)) return;
      const details = readApiError(failure);
      setError(Object.values(details.errors ?? {})[0] ?? details.message ?? 'The accepted items could not be saved. Please try again.');
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Edit accepted items</DialogTitle>
        <DialogDescription>What {charity.name} takes, as you found out from them. Only you see this note.</DialogDescription>
      </DialogHeader>
      <TextareaField
        label="Accepted items"
        hint={ITEMS_HINT}
        rows={5}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <FormError message={error} />
      <FormButtons submitLabel="Save items" busy={save.isPending} onCancel={onClose} />
    </form>
  );
}

/** 'Edit accepted items': the operator's own note of what a charity takes, on any card. */
export function AcceptedItemsDialog({ charity }: { charity: Charity }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" icon={<Pencil className="size-4" aria-hidden="true" />}>
          Edit accepted items<span className="sr-only"> for {charity.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>{open ? <AcceptedItemsForm charity={charity} onClose={() => setOpen(false)} /> : null}</DialogContent>
    </Dialog>
  );
}
