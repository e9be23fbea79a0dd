import { useSelector } from '@xstate/react';
import {
  logoutMachine,
  selectIsSignedOut,
  selectLogoutError,
} from '../../machines/auth/logout.machine';
import { SessionContext } from '../shell/session';
import { usePageTitle } from '../shell/title';
import { Button, LinkButton, Loading, Notice, UserText, useT } from '../ui';
import { AuthLayout } from './AuthLayout';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/auth';

/** docs/spec.md 2.1 / 2.11: /logout ends the session, then says so. */
export function LogoutPage() {
  const t = useT();
  usePageTitle(t('auth.logout.title'));
  const session = SessionContext.useActorRef();
  const logout = useInspectedActorRef(logoutMachine, { input: { session } });
  const signedOut = useSelector(logout, selectIsSignedOut);
  const error = useSelector(logout, selectLogoutError);

  if (signedOut) {
    return (
      <AuthLayout>
        <h1>{t('auth.logout.done')}</h1>
        <LinkButton href="/welcome" variant="primary">
          {t('auth.logout.signInAgain')}
        </LinkButton>
      </AuthLayout>
    );
  }
  if (error !== null) {
    return (
      <AuthLayout>
        <h1>{t('auth.logout.failed')}</h1>
        <Notice tone="danger" role="alert">
          <UserText>{error || t('messages.unknownError')}</UserText>
        </Notice>
        <Button variant="primary" onClick={() => logout.send({ type: 'logout.retry' })}>
          {t('common.tryAgain')}
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout>
      <Loading label={t('auth.logout.signingOut')} />
    </AuthLayout>
  );
}
