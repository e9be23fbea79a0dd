import { useLocation } from 'wouter';
import { config } from '../../config';
import { loginRedirectMachine } from '../../machines/auth/loginRedirect.machine';
import { usePageTitle } from '../shell/title';
import { useT } from '../ui';
import { RedirectingText } from './RedirectingText';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/auth';

/** docs/spec.md 2.1: /login shows only this text while the machine sends the browser to sign in. */
export function LoginRedirectPage() {
  const t = useT();
  usePageTitle(t('auth.redirect.title'));
  const [, navigate] = useLocation();
  useInspectedActorRef(loginRedirectMachine, { input: { mock: config.mock, navigate } });
  return <RedirectingText />;
}
