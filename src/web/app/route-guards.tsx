import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { homePathFor, useAuth } from '../lib/auth.js';
import { paths } from '../lib/paths.js';
import { useMyTeams } from '../features/team/api.js';
import { lazyPage } from './lazy-page.js';
import { NotFoundContent, NotFoundPage } from './not-found.js';
import { DashboardPage, type OperatorRoute } from './operator-routes.js';
import { PageFooter } from './page-footer.js';
import { PageContentSkeleton, PageSkeleton } from './page-skeleton.js';
import { AppShell } from './shell/app-shell.js';

const LandingPage = lazyPage(() => import('../features/marketing/landing-page.js'), 'LandingPage');
const DeletionPendingPage = lazyPage(() => import('../features/auth/pages/deletion-pending-page.js'), 'DeletionPendingPage');

/**
 * An account its owner asked to delete opens no page of the app during the grace period (the
 * server refuses their calls): it is offered to keep the account, or to sign out.
 */
export function DeletionPending({ eraseAfter }: { eraseAfter: string }) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <DeletionPendingPage eraseAfter={eraseAfter} />
    </Suspense>
  );
}

/** '/': the dashboard in the shell for signed-in operators, otherwise the landing page (spec 2.1). */
export function HomeRoute() {
  const { user, isLoading, isOperator } = useAuth();
  if (isLoading) return <PageSkeleton />;
  if (user?.deletionScheduledFor) return <DeletionPending eraseAfter={user.deletionScheduledFor} />;
  if (isOperator) {
    return (
      <AppShell>
        <Suspense fallback={<PageContentSkeleton />}>
          <HomeDashboard />
        </Suspense>
      </AppShell>
    );
  }
  return (
    <Suspense fallback={<PageSkeleton />}>
      <LandingPage footer={<PageFooter />} />
    </Suspense>
  );
}

/** The dashboard at '/', but for a driver, whose home is their route. */
function HomeDashboard() {
  const teams = useMyTeams();
  if (teams.isPending) return <PageContentSkeleton />;
  if (teams.data?.find((team) => team.current)?.role === 'driver') return <Navigate to={paths.route} replace />;
  return <DashboardPage />;
}

/**
 * Operator pages: signed-out visitors go to /login?next=… (DECISIONS 8); signed-in users who are
 * not operators get the 404 page (spec 2.1), except that 'the dashboard' takes an affiliate to
 * theirs; operators get the shell.
 */
export function OperatorLayout() {
  const { user, isLoading, isAuthenticated, isOperator } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageSkeleton />;
  if (!isAuthenticated) {
    return <Navigate to={paths.login(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  if (user?.deletionScheduledFor) return <DeletionPending eraseAfter={user.deletionScheduledFor} />;
  if (!isOperator && location.pathname === paths.dashboard) return <Navigate to={homePathFor(user)} replace />;
  if (!isOperator) return <NotFoundPage />;
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

/**
 * One operator page; not yet built (or admin-only for a non-admin) shows the 404 page in the shell.
 * A driver has the route alone: any other page takes them there.
 */
export function OperatorPage({ route }: { route: OperatorRoute }) {
  const { isAdmin } = useAuth();
  const teams = useMyTeams();
  const role = teams.data?.find((team) => team.current)?.role;
  const { Page } = route;
  // Until the person's teams are read, no page starts its calls as a role it may not have.
  if (teams.isPending) return <PageContentSkeleton />;
  if (role === 'driver' && route.path !== paths.route) return <Navigate to={paths.route} replace />;
  if (!Page || (route.adminOnly && !isAdmin)) return <NotFoundContent />;
  return (
    <Suspense fallback={<PageContentSkeleton />}>
      <Page />
    </Suspense>
  );
}
