// The client-only admin app (docs/ARCHITECTURE.md): its own router under /admin, the session gate, the admin layout
// and one lazily loaded chunk per screen, so the first screen downloads only its own code.
import { MutationCache, QueryCache, QueryClientProvider } from '@tanstack/react-query';
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { auth, isEnrolmentRefusal } from '../../lib/client/session';
import { AdminContentProvider, useAdminContent, type AdminContent } from './content';
import { AdminLayout } from './layout/AdminLayout';
import { LoadingScreen } from './layout/LoadingScreen';
import { createQueryClient } from './query';
import { SessionGate } from './layout/SessionGate';

/** Each screen's path and its chunk, loaded the first time the screen is shown. */
const SCREENS = {
  '/dashboard': lazy(() => import('./features/dashboard/DashboardScreen')),
  '/users': lazy(() => import('./features/users/UsersScreen')),
  '/sermons': lazy(() => import('./features/sermons/SermonsScreen')),
  '/prayers': lazy(() => import('./features/prayers/PrayersScreen')),
  '/events': lazy(() => import('./features/events/EventsScreen')),
  '/households': lazy(() => import('./features/households/HouseholdsScreen')),
  '/ministries': lazy(() => import('./features/ministries/MinistriesScreen')),
  '/messages': lazy(() => import('./features/messages/MessagesScreen')),
  '/giving': lazy(() => import('./features/giving/GivingScreen')),
  '/outbox': lazy(() => import('./features/outbox/OutboxScreen')),
  '/first-timers': lazy(() => import('./features/first-timers/FirstTimersScreen')),
  '/branches': lazy(() => import('./features/branches/BranchesScreen')),
  '/network': lazy(() => import('./features/network/NetworkScreen')),
  '/services': lazy(() => import('./features/services/ServicesScreen')),
  '/attendance': lazy(() => import('./features/attendance/AttendanceScreen')),
  '/absentees': lazy(() => import('./features/attendance/AbsenteesScreen')),
  '/removals': lazy(() => import('./features/removals/RemovalRequestsScreen')),
  '/checkin': lazy(() => import('./features/checkin/CheckinScreen')),
  '/analytics': lazy(() => import('./features/analytics/AnalyticsScreen')),
  '/settings': lazy(() => import('./features/settings/SettingsScreen')),
  '/profile': lazy(() => import('./features/profile/ProfileScreen')),
};
const NotFound = lazy(() => import('../NotFound'));

export const UNEXPECTED_ERROR = 'Unexpected Application Error!';

/** The router's fallback (docs/PRODUCT.md (Pages and screens)): a screen that throws shows this instead of a blank page. */
class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="rounded-xl border border-error bg-card p-6">
        <h1 className="text-xl font-bold text-error">{UNEXPECTED_ERROR}</h1>
        <p className="mt-2 font-mono text-sm text-muted">{this.state.error.message}</p>
      </div>
    );
  }
}

/** The public 404 content inside the portal, with the attempted path and working Back/Refresh buttons. */
function AdminNotFound() {
  const { site } = useAdminContent();
  return (
    <NotFound
      path={window.location.pathname}
      churchName={site.name}
      onBack={() => window.history.back()}
      onRefresh={() => window.location.reload()}
      embedded
    />
  );
}

export function AdminRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      {Object.entries(SCREENS).map(([path, Screen]) => (
        <Route key={path} path={path} component={Screen} />
      ))}
      <Route>
        <AdminNotFound />
      </Route>
    </Switch>
  );
}

/** A call refused until the account sets up two-factor sign-in sends the gate to the Security section. */
function onRefusal(error: unknown) {
  if (isEnrolmentRefusal(error)) auth.requireEnrolment();
}

export default function App({ content }: { content: AdminContent }) {
  const [queryClient] = useState(() =>
    createQueryClient({
      queryCache: new QueryCache({ onError: onRefusal }),
      mutationCache: new MutationCache({ onError: onRefusal }),
    }),
  );
  useEffect(() => {
    void auth.init();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <AdminContentProvider value={content}>
        <Router base="/admin">
          <SessionGate>
            <AdminLayout>
              <ScreenErrorBoundary>
                <Suspense fallback={<LoadingScreen fullScreen={false} />}>
                  <AdminRoutes />
                </Suspense>
              </ScreenErrorBoundary>
            </AdminLayout>
          </SessionGate>
        </Router>
      </AdminContentProvider>
    </QueryClientProvider>
  );
}
