import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card.js';

/** A tab whose feature is not built yet: says so in one sentence, with nothing to click. */
export function ComingWith({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: string }) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{children}</p>
    </Card>
  );
}
