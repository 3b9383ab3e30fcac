import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../ui/States';
import { lazyPage } from './chunk-reload';
import { useLoginStore } from './login-store';

const LoginDialog = lazyPage(() => import('../features/auth/LoginDialog'));

/** Around every route: the lazy-page fallback and the login dialog (loaded the first time it opens). */
export function Shell() {
  const dialogWanted = useLoginStore((s) => s.dialogOpen || s.dialogMounted);
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
    </>
  );
}
