import { Award, BookOpen, TrendingUp, Users } from 'lucide-react';
import { Card } from '../../../components/ui/card.js';

const BENEFITS = [
  { icon: BookOpen, title: 'Learn at your pace', text: 'Courses and guides you can follow between restocking runs.' },
  { icon: TrendingUp, title: 'Grow your business', text: 'Pricing, location and product choices that raise sales.' },
  { icon: Users, title: 'Learn from operators', text: 'Teachers who run or advise vending businesses.' },
  { icon: Award, title: 'Chosen by our team', text: 'Each listing is added and reviewed by VendVote admins.' },
] as const;

/** Why the directory is worth a look (spec: benefit tiles). */
export function BenefitTiles() {
  return (
    <section aria-labelledby="education-benefits" className="grid gap-3">
      <h2 id="education-benefits" className="sr-only">
        Why learn here
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="flex h-full gap-3 p-4">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div className="grid gap-1">
                <h3 className="text-sm font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
