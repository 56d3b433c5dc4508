/** Route gates: the app must be ready (the splash ran), and protected routes need a user. */
import { Navigate, Outlet } from 'react-router-dom';
import { selectIsSignedIn, useSessionStore } from '../session/sessionStore.js';
import { useStartupStore } from '../splash/startupStore.js';

/** Until the splash has started the heartbeat and status sender, every route goes through '/'. */
export function RequireReady() {
  const ready = useStartupStore((s) => s.ready);
  return ready ? <Outlet /> : <Navigate to="/" replace />;
}

/** SPEC §2: protected routes redirect to /login when there is no user. */
export function RequireUser() {
  const signedIn = useSessionStore(selectIsSignedIn);
  return signedIn ? <Outlet /> : <Navigate to="/login" replace />;
}
