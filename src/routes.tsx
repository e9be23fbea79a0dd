import type { ComponentType, ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { config } from './config';
import { pageCode } from './boot/early';
import { buildPattern, repoPattern, repoSettingsPattern } from './views/repo/params';
import { onDemand } from './boot/OnDemand';
import { Loading } from './views/ui';
import { ErrorBoundary } from './views/shell/ErrorBoundary';
import { BareLayout, FullLayout, HeaderLayout } from './views/shell/Layouts';
import { NotFoundPage } from './views/shell/NotFound';
import { RedirectingText } from './views/auth/RedirectingText';
import { SessionFailed } from './views/shell/SessionFailed';
import { useCurrentUser, useSessionState } from './views/shell/session';

type Access = 'anyone' | 'user' | 'admin';

// Each page's code loads when it is first shown (issue 18: the first screen carries only its own
// page); the page a visit starts on loads at boot, beside the app's code (boot/early.ts).
const DashboardPage = onDemand(pageCode.dashboard);
const BuildsFeedPage = onDemand(pageCode.buildsFeed);
const WelcomePage = onDemand(() => import('./views/auth/WelcomePage').then((m) => m.WelcomePage));
const RegisterPage = onDemand(() =>
  import('./views/auth/RegisterPage').then((m) => m.RegisterPage),
);
const LoginFormPage = onDemand(() =>
  import('./views/auth/LoginFormPage').then((m) => m.LoginFormPage),
);
const LoginErrorPage = onDemand(() =>
  import('./views/auth/LoginErrorPage').then((m) => m.LoginErrorPage),
);
// docs/spec.md 2.1: /login shows only 'Redirecting to {provider} Auth...', also while its code
// arrives (never 'Loading...').
const LoginRedirectPage = onDemand(
  () => import('./views/auth/LoginRedirectPage').then((m) => m.LoginRedirectPage),
  RedirectingText,
);
const LogoutPage = onDemand(() => import('./views/auth/LogoutPage').then((m) => m.LogoutPage));
const AccountPage = onDemand(() =>
  import('./views/account/AccountPage').then((m) => m.AccountPage),
);
const AdminPage = onDemand(() => import('./views/admin/AdminPage').then((m) => m.AdminPage));
const MachinesPage = onDemand(() =>
  import('./views/devtools/MachinesPage').then((m) => m.MachinesPage),
);
const RepoPage = onDemand(pageCode.repo);
const BuildPage = onDemand(pageCode.build);

/** docs/spec.md 2.1: signed-out users go to /welcome; signed-in users without the right see not-found. */
function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const state = useSessionState();
  const user = useCurrentUser();
  if (access === 'anyone') return <>{children}</>;
  if (state === 'loading') return <Loading />;
  if (state === 'failed') return <SessionFailed />;
  if (!user) return <Redirect to="/welcome" replace />;
  if (access === 'admin' && !user.admin) return <NotFoundPage />;
  return <>{children}</>;
}

function page(
  Component: ComponentType,
  access: Access,
  Layout: ComponentType<{ children: ReactNode }>,
) {
  return function RoutedPage() {
    const [location] = useLocation();
    return (
      <Guard access={access}>
        <Layout>
          <ErrorBoundary resetKey={location}>
            <Component />
          </ErrorBoundary>
        </Layout>
      </Guard>
    );
  };
}

function SettingsRedirect() {
  return (
    <Guard access="admin">
      <Redirect to="/settings/users" replace />
    </Guard>
  );
}

/**
 * A page keyed by some route parameters: it stays mounted while the others change (a build page
 * follows stage/step changes by events), and starts afresh when the keyed ones change.
 */
function keyedBy(Component: ComponentType, keys: string[]) {
  return function KeyedPage() {
    const params = useParams<Record<string, string | undefined>>();
    return <Component key={keys.map((key) => params[key] ?? '').join('/')} />;
  };
}

// Created once, so a change of path within a route never remounts its page.
const DashboardRoute = page(DashboardPage, 'user', FullLayout);
const BuildsFeedRoute = page(BuildsFeedPage, 'user', FullLayout);
const WelcomeRoute = page(WelcomePage, 'anyone', BareLayout);
const RegisterRoute = page(RegisterPage, 'anyone', BareLayout);
const LoginFormRoute = page(LoginFormPage, 'anyone', BareLayout);
const LoginErrorRoute = page(LoginErrorPage, 'anyone', BareLayout);
const LoginRedirectRoute = page(LoginRedirectPage, 'anyone', BareLayout);
const LogoutRoute = page(LogoutPage, 'anyone', BareLayout);
const AccountRoute = page(AccountPage, 'user', FullLayout);
const AdminRoute = page(AdminPage, 'admin', HeaderLayout);
const MachinesRoute = page(MachinesPage, 'anyone', FullLayout);
const NotFoundRoute = page(NotFoundPage, 'anyone', FullLayout);
const RepoRoute = page(keyedBy(RepoPage, ['namespace', 'name']), 'anyone', FullLayout);
const BuildRoute = page(keyedBy(BuildPage, ['namespace', 'name', 'build']), 'anyone', FullLayout);
const showMachines = import.meta.env.DEV || config.mock;

/** The route table of docs/spec.md 2.1, in matching order. */
export function AppRoutes() {
  const [location] = useLocation();
  // Issue 28 item 9: a path opening with two slashes (`//evil.example/`, `///`; the browser reads
  // `/\evil.example/` as one) names another host to any URL parser, and the history API refuses
  // it (an uncaught error and a blank page). It is no page of the console, nor redirected.
  if (location.startsWith('//')) return <NotFoundRoute />;
  // docs/spec.md 2.1: a trailing slash is redirected to the path without it.
  if (location.length > 1 && location.endsWith('/')) {
    return <Redirect to={location.replace(/\/+$/, '') || '/'} replace />;
  }
  return (
    <Switch>
      <Route path="/" component={DashboardRoute} />
      <Route path="/builds-feed" component={BuildsFeedRoute} />
      <Route path="/welcome" component={WelcomeRoute} />
      <Route path="/register" component={RegisterRoute} />
      <Route path="/login/form" component={LoginFormRoute} />
      <Route path="/login/error" component={LoginErrorRoute} />
      <Route path="/login" component={LoginRedirectRoute} />
      <Route path="/logout" component={LogoutRoute} />
      <Route path="/account" component={AccountRoute} />
      <Route path="/settings" component={SettingsRedirect} />
      <Route path="/settings/*" component={AdminRoute} />
      {showMachines ? <Route path="/-/machines" component={MachinesRoute} /> : null}
      <Route path="/404" component={NotFoundRoute} />
      <Route path={repoPattern()} component={RepoRoute} />
      <Route path={repoPattern('/(branches|deployments|pulls|insights)')} component={RepoRoute} />
      <Route path={repoSettingsPattern} component={RepoRoute} />
      <Route path={buildPattern} component={BuildRoute} />
      <Route component={NotFoundRoute} />
    </Switch>
  );
}
