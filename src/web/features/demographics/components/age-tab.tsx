import { Clock, MapPin, Smartphone, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { DemographicsTab } from '../demographics-search.js';
import { Section } from './section.js';

interface AgeTabProps {
  /** The page's address with another tab open, keeping the scope and range. */
  tabHref: (tab: DemographicsTab) => string;
  onOpenTab: (tab: DemographicsTab) => void;
}

const KNOWN: { icon: LucideIcon; title: string; text: string; tab: DemographicsTab; link: string }[] = [
  {
    icon: Smartphone,
    title: 'Device type',
    text: 'Whether each vote came from a phone, a tablet or a desktop.',
    tab: 'behavior',
    link: 'See device types',
  },
  {
    icon: Clock,
    title: 'Time of day and week',
    text: 'When customers vote: the busiest hours and days at your machines.',
    tab: 'behavior',
    link: 'See voting times',
  },
  {
    icon: MapPin,
    title: 'Location preferences',
    text: 'Which product categories customers favour at each location and region.',
    tab: 'regional',
    link: 'See regional preferences',
  },
];

/**
 * Age is not asked for, so there is no age figure to show, and none is made up (DECISIONS 10): the
 * tab says so, and points to what the votes do tell.
 */
export function AgeTab({ tabHref, onOpenTab }: AgeTabProps) {
  return (
    <div className="grid gap-4">
      <Section title="Age is not collected">
        <div className="grid max-w-prose gap-3 text-sm leading-relaxed" data-testid="age-not-collected">
          <p>
            VendVote does not ask customers their age, and does not guess it. A vote records which product was voted for, at which machine and when,
            the kind of device it came from, an anonymous code so that one person’s votes count once, and a salted hash of the network address it came
            from (never the address itself), which serves only rate limits and abuse checks and is never shown — nothing that tells how old the voter
            is.
          </p>
          <p>So this page shows no age groups and no age figures: any we showed would be invented.</p>
          <p>
            If you want to know your customers’ ages, the honest way is to ask them: an optional survey beside the vote, which customers can skip, is
            something we may offer later. Until then, here is what the votes do tell you.
          </p>
        </div>
      </Section>
      <Section title="What we do know">
        <ul className="grid gap-3 sm:grid-cols-3">
          {KNOWN.map((item) => (
            <li key={item.title} className="grid content-start gap-2 rounded-lg border border-border p-4">
              <item.icon className="size-5 text-primary" aria-hidden="true" />
              <h3 className="font-semibold">{item.title}</h3>
              <p className="text-sm text-muted-foreground">{item.text}</p>
              <Link
                to={tabHref(item.tab)}
                replace
                onClick={() => onOpenTab(item.tab)}
                className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {item.link}
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
