import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from './AuthContext';
import { FullScreenLoader } from '../components/FullScreenLoader';

/** Protected layout: 'Loading...' while the session check runs, then the page or /auth (history replaced). */
export function RequireAuth({ children }: { children?: React.ReactNode }) {
  const { user, checking } = useAuth();
  if (checking) return <FullScreenLoader />;
  if (!user) return <Navigate to="/auth" replace />;
  return children ? <>{children}</> : <Outlet />;
}

/** Signed-in users are sent from the login screens to the dashboard. */
export function RedirectIfSignedIn({ children }: { children?: React.ReactNode }) {
  const { user, checking } = useAuth();
  if (checking) return <FullScreenLoader />;
  if (user) return <Navigate to="/dashboard" replace />;
  return children ? <>{children}</> : <Outlet />;
}
