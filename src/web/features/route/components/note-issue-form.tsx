import { useId, useState, type FormEvent } from 'react';
import type { RouteStop } from '../../../../shared/route.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Label } from '../../../components/ui/label.js';
import { Textarea } from '../../../components/ui/textarea.js';

/** An issue the driver found at the machine: about a product in it, or the machine itself. */
export function NoteIssueForm({ stop, onNote }: { stop: RouteStop; onNote: (productName: string, description: string) => void }) {
  const products = [...new Set(stop.slots.flatMap((slot) => (slot.productName ? [slot.productName] : [])))].sort();
  const [productName, setProductName] = useState('Machine');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) {
      setError('Describe the issue');
      return;
    }
    setError(null);
    onNote(productName, description.trim());
    setDescription('');
  };

  return (
    <form className="grid gap-2 rounded-md bg-muted/40 p-3" onSubmit={submit} noValidate aria-label={`Note an issue at ${stop.name}`}>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-product`}>Note an issue with</Label>
        <select
          id={`${id}-product`}
          className="h-10 rounded-md border border-input bg-background px-3 text-sm"
          value={productName}
          onChange={(event) => setProductName(event.target.value)}
        >
          <option value="Machine">The machine itself</option>
          {products.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-description`}>What is wrong</Label>
        <Textarea
          id={`${id}-description`}
          rows={2}
          maxLength={2000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="text-sm text-destructive-text" role="alert">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" variant="outline" size="sm" className="w-fit">
        Save issue
      </Button>
    </form>
  );
}
