import type { ComponentType, ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { config } from './config';
import { AccountPage } from './views/account/AccountPage';
import { AdminPage } from './views/admin/AdminPage';
import { LoginErrorPage } from './views/auth/LoginErrorPage';
import { LoginFormPage } from './views/auth/LoginFormPage';
import { LoginRedirectPage } from './views/auth/LoginRedirectPage';
import { LogoutPage } from './views/auth/LogoutPage';
import { RegisterPage } from './views/auth/RegisterPage';
import { WelcomePage } from './views/auth/WelcomePage';
import { BuildPage } from './views/build/BuildPage';
import { DashboardPage } from './views/dashboard/DashboardPage';
import { BuildsFeedPage } from './views/feed/BuildsFeedPage';
import { MachinesPage } from './views/machines/MachinesPage';
import { RepoPage } from './views/repo/RepoPage';
import { buildPattern, repoPattern, repoSettingsPattern } from './views/repo/params';
import { Loading } from './views/ui';
import { BareLayout, FullLayout, HeaderLayout } from './views/shell/Layouts';
import { NotFoundPage } from './views/shell/NotFoundPage';
import { useCurrentUser, useSessionState } from './views/shell/session';

type Access = 'anyone' | 'user' | 'admin';

/** SPEC 2.1: signed-out users go to /welcome; signed-in users without the right see not-found. */
function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const state = useSessionState();
  const user = useCurrentUser();
  if (access === 'anyone') return <>{children}</>;
  if (state === 'loading') return <Loading />;
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
    return (
      <Guard access={access}>
        <Layout>
          <Component />
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

/** The route table of SPEC 2.1, in matching order. */
export function AppRoutes() {
  const [location] = useLocation();
  // SPEC 2.1: a trailing slash is redirected to the path without it.
  if (location.length > 1 && location.endsWith('/')) {
    return <Redirect to={location.replace(/\/+$/, '') || '/'} replace />;
  }
  return (
    <Switch>
      <Route path="/" component={page(DashboardPage, 'user', FullLayout)} />
      <Route path="/builds-feed" component={page(BuildsFeedPage, 'user', FullLayout)} />
      <Route path="/welcome" component={page(WelcomePage, 'anyone', BareLayout)} />
      <Route path="/register" component={page(RegisterPage, 'anyone', BareLayout)} />
      <Route path="/login/form" component={page(LoginFormPage, 'anyone', BareLayout)} />
      <Route path="/login/error" component={page(LoginErrorPage, 'anyone', BareLayout)} />
      <Route path="/login" component={page(LoginRedirectPage, 'anyone', BareLayout)} />
      <Route path="/logout" component={page(LogoutPage, 'anyone', BareLayout)} />
      <Route path="/account" component={page(AccountPage, 'user', FullLayout)} />
      <Route path="/settings" component={SettingsRedirect} />
      <Route path="/settings/users" component={page(AdminPage, 'admin', HeaderLayout)} />
      <Route path="/settings/*" component={page(NotFoundPage, 'admin', HeaderLayout)} />
      {import.meta.env.DEV || config.mock ? (
        <Route path="/-/machines" component={page(MachinesPage, 'anyone', FullLayout)} />
      ) : null}
      <Route path="/404" component={page(NotFoundPage, 'anyone', FullLayout)} />
      <Route path={repoPattern()} component={page(RepoPage, 'anyone', FullLayout)} />
      <Route path={repoPattern('/branches')} component={page(RepoPage, 'anyone', FullLayout)} />
      <Route path={repoPattern('/deployments')} component={page(RepoPage, 'anyone', FullLayout)} />
      <Route path={repoSettingsPattern} component={page(RepoPage, 'anyone', FullLayout)} />
      <Route path={buildPattern} component={page(BuildPage, 'anyone', FullLayout)} />
      <Route component={page(NotFoundPage, 'anyone', FullLayout)} />
    </Switch>
  );
}
