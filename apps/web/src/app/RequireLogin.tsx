import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../ui/States';
import { isLoggedIn, isPending, useLoginStatus } from './login-store';
import { loginPagePath } from './navigation';

/** A page that needs a session: waits for the start-up refresh, else opens the login page (chat-core §5). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const status = useLoginStatus();
  const { pathname } = useLocation();
  if (isPending(status)) return <PageLoading />;
  if (!isLoggedIn(status)) return <Navigate to={loginPagePath()} replace state={{ from: pathname }} />;
  return children;
}
