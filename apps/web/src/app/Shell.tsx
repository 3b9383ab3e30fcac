import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../ui/States';
import { lazyPage } from './chunk-reload';
import { isLoggedIn, useLoginStore } from './login-store';
import { useBiometricLock } from './biometric-lock';
import cover from './lock-cover.module.css';

const LoginDialog = lazyPage(() => import('../features/auth/LoginDialog'));
const NoticeBanner = lazyPage(() => import('../features/remind/NoticeBanner'));
const BiometricLock = lazyPage(() => import('../features/biometric/BiometricLock'));

/** Around every route: the lazy-page fallback, the login dialog (loaded the first time it opens) and, logged in, the notice banner. */
export function Shell() {
  const dialogWanted = useLoginStore((s) => s.dialogOpen || s.dialogMounted);
  const loggedIn = useLoginStore((s) => isLoggedIn(s.status));
  const locked = useBiometricLock((s) => s.locked);
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
      {loggedIn && locked ? (
        <Suspense fallback={<div className={cover.cover} />}>
          <BiometricLock />
        </Suspense>
      ) : null}
    </>
  );
}
