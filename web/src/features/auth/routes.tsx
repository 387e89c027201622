import type { RouteObject } from 'react-router';
import { LoginPage } from './LoginPage';
import { LogoutPage } from './LogoutPage';
import { RecoverPage } from './RecoverPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { WelcomePage } from './WelcomePage';

/** The pages outside the session (docs/product.md, "Screens and routes"); they stay free of react-aria to load fast. */
export const authRoutes: RouteObject[] = [
  {
    path: '/login',
    children: [
      { index: true, element: <LoginPage /> },
      { path: 'recover', element: <RecoverPage /> },
      { path: 'password/recover', element: <RecoverPage /> },
      { path: 'reset', element: <ResetPasswordPage /> },
      { path: 'create', element: <ResetPasswordPage /> },
      { path: 'password/create', element: <ResetPasswordPage /> },
    ],
  },
  { path: '/logout', element: <LogoutPage /> },
  { path: '/welcome', element: <WelcomePage /> },
];
