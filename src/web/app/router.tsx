import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { CheckEmailPage } from '../features/auth/pages/check-email-page.js';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page.js';
import { LoginPage } from '../features/auth/pages/login-page.js';
import { RegisterPage } from '../features/auth/pages/register-page.js';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page.js';
import { VerifyEmailPage } from '../features/auth/pages/verify-email-page.js';
import { paths } from '../lib/paths.js';
import { NotFoundPage } from './not-found.js';
import { OPERATOR_ROUTES } from './operator-routes.js';
import { RouteErrorPage } from './route-error-page.js';
import { HomeRoute, OperatorLayout, OperatorPage } from './route-guards.js';

function RootLayout() {
  return (
    <>
      <Outlet />
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
