import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../ui/States';
import { lazyPage } from './chunk-reload';
import { isLoggedIn, useLoginStore } from './login-store';

const LoginDialog = lazyPage(() => import('../features/auth/LoginDialog'));
const NoticeBanner = lazyPage(() => import('../features/remind/NoticeBanner'));

/** Around every route: the lazy-page fallback, the login dialog (loaded the first time it opens) and, logged in, the notice banner. */
export function Shell() {
  const dialogWanted = useLoginStore((s) => s.dialogOpen || s.dialogMounted);
  const loggedIn = useLoginStore((s) => isLoggedIn(s.status));
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <LoginDialog />
        </Suspense>
      ) : null}
      {loggedIn ? (
        <Suspense fallback={null}>
          <NoticeBanner />
        </Suspense>
      ) : null}
    </>
  );
}
