import { Clock, MessageSquareReply } from 'lucide-react';
import { REPLY_TIME, SUPPORT_HOURS } from '../../../shared/contact.schemas.js';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.js';

const DETAILS = [
  { icon: Clock, term: 'Support hours', text: SUPPORT_HOURS },
  { icon: MessageSquareReply, term: 'Response time', text: REPLY_TIME },
] as const;

/** When someone answers (spec extended 2: hours and reply time). */
export function ContactDetails() {
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle>When we answer</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          {DETAILS.map(({ icon: Icon, term, text }) => (
            <div key={term} className="grid gap-1">
              <dt className="flex items-center gap-2 text-sm font-medium">
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground"
                >
                  <Icon className="size-4" />
                </span>
                {term}
              </dt>
              <dd className="pl-10 text-sm text-muted-foreground">{text}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
