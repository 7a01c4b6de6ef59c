import { Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { FeatureRequest } from '../../../../shared/feature-requests.schemas.js';
import { PageTitle } from '../../../components/page-title.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { useAuth } from '../../../lib/auth.js';
import { paths } from '../../../lib/paths.js';
import { AddRequestForm } from '../components/add-request-form.js';
import { AdminRequestActions } from '../components/admin-request-actions.js';
import { DeleteRequestDialog } from '../components/delete-request-dialog.js';
import { FeatureRequestBoard } from '../components/feature-request-board.js';
import { ResetVotesButton } from '../components/reset-votes-button.js';

/**
 * /admin/feature-requests (spec extended 3): everyone signed in reads and votes on the public
 * board; admins also add requests, set statuses, delete, and reset all votes.
 */
export function AdminFeatureRequestsPage() {
  const { isAdmin } = useAuth();
  const [toDelete, setToDelete] = useState<FeatureRequest | null>(null);

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <PageTitle title="Feature Requests" />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Feature Requests</h1>
          <p className="text-muted-foreground">Ideas from operators and visitors. Vote for the ones you want most.</p>
        </div>
        {isAdmin ? (
          <ResetVotesButton />
        ) : (
          // Operators suggest on the public board, as visitors do; admins add theirs below.
          <Link to={paths.featureRequests} className={buttonClasses({ variant: 'outline', className: 'w-full sm:w-fit' })}>
            <Lightbulb className="size-4" aria-hidden="true" />
            Suggest a feature
          </Link>
        )}
      </header>
      {isAdmin ? (
        <Card>
          <CardHeader>
            <CardTitle>Add request</CardTitle>
          </CardHeader>
          <CardContent>
            <AddRequestForm />
          </CardContent>
        </Card>
      ) : null}
      <FeatureRequestBoard
        emptyText={isAdmin ? 'Add one above, or wait for visitors to suggest theirs.' : 'Ideas that visitors and operators suggest appear here.'}
        rowActions={isAdmin ? (request) => <AdminRequestActions request={request} onDelete={setToDelete} /> : undefined}
      />
      {isAdmin ? <DeleteRequestDialog request={toDelete} onClose={() => setToDelete(null)} /> : null}
    </div>
  );
}
