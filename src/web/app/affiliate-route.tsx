import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../lib/auth.js';
import { paths } from '../lib/paths.js';
import { lazyPage } from './lazy-page.js';
import { DeletionPending } from './route-guards.js';
import { PageContentSkeleton, PageSkeleton } from './page-skeleton.js';
import { AffiliateShell } from './shell/affiliate-shell.js';
import { AppShell } from './shell/app-shell.js';

const AffiliateDashboardPage = lazyPage(() => import('../features/affiliates/pages/affiliate-dashboard-page.js'), 'AffiliateDashboardPage');
const NotAffiliate = lazyPage(() => import('../features/affiliates/components/not-affiliate.js'), 'NotAffiliate');

/**
 * /affiliate-dashboard: signed-out visitors go to sign in and come back (DECISIONS 8). Operators see
 * it in their shell (the sidebar links here when they also refer); affiliates who run no machines
 * in a frame of their own. Accounts outside the program read why the page is not theirs.
 */
export function AffiliateDashboardRoute() {
  const { user, isLoading, isAuthenticated, isOperator, isAffiliate } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageSkeleton />;
  if (!isAuthenticated) {
    return <Navigate to={paths.affiliateLogin(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  if (user?.deletionScheduledFor) return <DeletionPending eraseAfter={user.deletionScheduledFor} />;
  const page = <Suspense fallback={<PageContentSkeleton />}>{isAffiliate ? <AffiliateDashboardPage /> : <NotAffiliate />}</Suspense>;
  return isOperator ? <AppShell>{page}</AppShell> : <AffiliateShell>{page}</AffiliateShell>;
}
