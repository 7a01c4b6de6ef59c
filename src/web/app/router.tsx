import { Suspense } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { paths } from '../lib/paths.js';
import { lazyPage } from './lazy-page.js';
import { NotFoundPage } from './not-found.js';
import { OPERATOR_ROUTES } from './operator-routes.js';
import { PageSkeleton } from './page-skeleton.js';
import { RouteErrorPage } from './route-error-page.js';
import { HomeRoute, OperatorLayout, OperatorPage } from './route-guards.js';

const CheckEmailPage = lazyPage(() => import('../features/auth/pages/check-email-page.js'), 'CheckEmailPage');
const VerifyEmailPage = lazyPage(() => import('../features/auth/pages/verify-email-page.js'), 'VerifyEmailPage');
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page.js'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page.js'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/forgot-password-page.js'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/reset-password-page.js'), 'ResetPasswordPage');

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

/**
 * The route table of spec 2.1 with DECISIONS 8. Not built yet, so unknown for now (404):
 * /vote and /vote/:machineId (their own entry, later), and the public marketing pages.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      // Always available, whoever is visiting.
      { path: paths.checkEmail(), element: <CheckEmailPage /> },
      { path: paths.verifyEmail, element: <VerifyEmailPage /> },
      { path: paths.login(), element: <LoginPage /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },

      // Depends on the sign-in state.
      { index: true, element: <HomeRoute /> },
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
