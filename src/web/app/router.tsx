import { Suspense, type ReactElement } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { AFFILIATE_PAGE_PATHS, PUBLIC_PAGE_PATHS, type AffiliatePageName, type PublicPageName } from '../../shared/page-routes.js';
import { AffiliateDashboardRoute } from './affiliate-route.js';
import { lazyPage } from './lazy-page.js';
import { NotFoundPage } from './not-found.js';
import { OPERATOR_ROUTES } from './operator-routes.js';
import { PageSkeleton } from './page-skeleton.js';
import { RouteErrorPage } from './route-error-page.js';
import { HomeRoute, OperatorLayout, OperatorPage } from './route-guards.js';

const CheckEmailPage = lazyPage(() => import('../features/auth/pages/check-email-page.js'), 'CheckEmailPage');
const ConfirmEmailChangePage = lazyPage(() => import('../features/auth/pages/confirm-email-change-page.js'), 'ConfirmEmailChangePage');
const UnsubscribePage = lazyPage(() => import('../features/settings/pages/unsubscribe-page.js'), 'UnsubscribePage');
const VerifyEmailPage = lazyPage(() => import('../features/auth/pages/verify-email-page.js'), 'VerifyEmailPage');
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page.js'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page.js'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/forgot-password-page.js'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/reset-password-page.js'), 'ResetPasswordPage');
const PricingPage = lazyPage(() => import('../features/billing/pages/pricing-page.js'), 'PricingPage');
const SubscriptionSuccessPage = lazyPage(() => import('../features/billing/pages/subscription-success-page.js'), 'SubscriptionSuccessPage');
const AboutPage = lazyPage(() => import('../features/marketing/about-page.js'), 'AboutPage');
const StartFreeTrialPage = lazyPage(() => import('../features/marketing/start-free-trial-page.js'), 'StartFreeTrialPage');
const ContactPage = lazyPage(() => import('../features/contact/contact-page.js'), 'ContactPage');
const FeatureRequestsPage = lazyPage(() => import('../features/feature-requests/pages/feature-requests-page.js'), 'FeatureRequestsPage');
const AffiliateSignupPage = lazyPage(() => import('../features/affiliates/pages/affiliate-signup-page.js'), 'AffiliateSignupPage');
const SignOutPage = lazyPage(() => import('../features/auth/pages/sign-out-page.js'), 'SignOutPage');
const InvitationPage = lazyPage(() => import('../features/team/pages/invitation-page.js'), 'InvitationPage');
const SharedMachinePage = lazyPage(() => import('../features/share-links/pages/shared-machine-page.js'), 'SharedMachinePage');

function RootLayout() {
  return (
    <>
      {/* Pages load lazily; the operator shell shows its own skeleton for the page part. */}
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

/** The page of each always-available path of the shared page table; a key per path, so none is left out. */
const PUBLIC_PAGES: Record<PublicPageName, ReactElement> = {
  checkEmail: <CheckEmailPage />,
  verifyEmail: <VerifyEmailPage />,
  login: <LoginPage />,
  register: <RegisterPage />,
  forgotPassword: <ForgotPasswordPage />,
  resetPassword: <ResetPasswordPage />,
  confirmEmailChange: <ConfirmEmailChangePage />,
  unsubscribe: <UnsubscribePage />,
  pricing: <PricingPage />,
  about: <AboutPage />,
  contact: <ContactPage />,
  featureRequests: <FeatureRequestsPage />,
  startFreeTrial: <StartFreeTrialPage />,
  subscriptionSuccess: <SubscriptionSuccessPage />,
  affiliateSignup: <AffiliateSignupPage />,
  // The same sign-in as /login, worded for affiliates; either lands an affiliate on their dashboard.
  affiliateLogin: <LoginPage audience="affiliate" />,
  sharedMachine: <SharedMachinePage />,
  invitation: <InvitationPage />,
  signOut: <SignOutPage />,
};

/** The affiliate program's members' pages, each deciding its own frame by who is signed in. */
const AFFILIATE_PAGES: Record<AffiliatePageName, ReactElement> = {
  affiliateDashboard: <AffiliateDashboardRoute />,
};

/**
 * The route table of spec 2.1 with DECISIONS 8, from the shared page table that the server also
 * reads to answer 404 for every other path. /vote and /vote/:machineId are their own entry
 * (vote.html).
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      // Always available, whoever is visiting.
      ...(Object.keys(PUBLIC_PAGE_PATHS) as PublicPageName[]).map((name) => ({ path: PUBLIC_PAGE_PATHS[name], element: PUBLIC_PAGES[name] })),

      // Depends on the sign-in state.
      { index: true, element: <HomeRoute /> },
      ...(Object.keys(AFFILIATE_PAGE_PATHS) as AffiliatePageName[]).map((name) => ({ path: AFFILIATE_PAGE_PATHS[name], element: AFFILIATE_PAGES[name] })),
      {
        element: <OperatorLayout />,
        children: OPERATOR_ROUTES.map((route) => ({
          path: route.path,
          element: <OperatorPage route={route} />,
        })),
      },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
