import { PAGE_META } from '../../../../shared/page-meta.js';
import { PUBLIC_PAGE_PATHS } from '../../../../shared/page-routes.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { PublicPageLayout } from '../../marketing/public-page-layout.js';
import { FeatureRequestBoard } from '../components/feature-request-board.js';
import { SuggestFeatureForm } from '../components/suggest-feature-form.js';

/** /feature-requests (spec extended 2, DECISIONS 4): visitors suggest features and vote, one vote each. */
export function FeatureRequestsPage() {
  return (
    <PublicPageLayout title={PAGE_META[PUBLIC_PAGE_PATHS.featureRequests].title} className="bg-muted/40">
      <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:py-16">
        <div className="grid gap-3 text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Feature Requests</h1>
          <p className="mx-auto max-w-2xl text-muted-foreground">
            Tell us what VendVote should do next, and vote for the ideas you want most. Vote again to take your vote back.
          </p>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Suggest a feature</CardTitle>
            <CardDescription>Title and description are required.</CardDescription>
          </CardHeader>
          <CardContent>
            <SuggestFeatureForm />
          </CardContent>
        </Card>
        <FeatureRequestBoard emptyText="Be the first: suggest a feature above." />
      </div>
    </PublicPageLayout>
  );
}
