import { useSelector } from '@xstate/react';
import {
  logoutMachine,
  selectIsSignedOut,
  selectLogoutError,
} from '../../machines/auth/logout.machine';
import { SessionContext } from '../shell/session';
import { usePageTitle } from '../shell/title';
import { Button, LinkButton, Loading, Notice, UserText } from '../ui';
import { AuthLayout } from './AuthLayout';
import { useInspectedActorRef } from '../useInspectedActorRef';

/** docs/spec.md 2.1 / 2.11: /logout ends the session, then says so. */
export function LogoutPage() {
  usePageTitle('Logout');
  const session = SessionContext.useActorRef();
  const logout = useInspectedActorRef(logoutMachine, { input: { session } });
  const signedOut = useSelector(logout, selectIsSignedOut);
  const error = useSelector(logout, selectLogoutError);

  if (signedOut) {
    return (
      <AuthLayout>
        <h1>Your session has been successfully terminated.</h1>
        <LinkButton href="/welcome" variant="primary">
          Sign in again
        </LinkButton>
      </AuthLayout>
    );
  }
  if (error !== null) {
    return (
      <AuthLayout>
        <h1>Signing out failed</h1>
        <Notice tone="danger" role="alert">
          <UserText>{error}</UserText>
        </Notice>
        <Button variant="primary" onClick={() => logout.send({ type: 'logout.retry' })}>
          Try again
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout>
      <Loading label="Signing out..." />
    </AuthLayout>
  );
}
