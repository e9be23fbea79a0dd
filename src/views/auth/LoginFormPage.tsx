import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { config } from '../../config';
import { loginMachine, selectIsSubmitting } from '../../machines/auth/login.machine';
import { SessionContext } from '../shell/session';
import { usePageTitle } from '../shell/title';
import { Button, Spinner, useT } from '../ui';
import { Field, TextInput } from '../ui/Form';
import { AuthForm, AuthLayout } from './AuthLayout';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/auth';

/** docs/spec.md 2.11: the sign-in form; the machine posts it to /login and follows the answer. */
export function LoginFormPage() {
  const t = useT();
  usePageTitle(t('common.signIn'));
  const [, navigate] = useLocation();
  const session = SessionContext.useActorRef();
  const login = useInspectedActorRef(loginMachine, { input: { navigate, session } });
  const submitting = useSelector(login, selectIsSubmitting);

  // The browser has already enforced `required` when this runs.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    login.send({
      type: 'login.submit',
      username: String(data.get('username') ?? ''),
      password: String(data.get('password') ?? ''),
    });
  };

  return (
    <AuthLayout>
      <h1>{t('auth.login.heading', { provider: config.provider })}</h1>
      <AuthForm method="post" action="/login" onSubmit={submit} aria-busy={submitting}>
        <Field label={t('auth.login.username')}>
          {(id) => <TextInput id={id} name="username" autoComplete="username" required />}
        </Field>
        <Field label={t('auth.login.password')}>
          {(id) => (
            <TextInput
              id={id}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          )}
        </Field>
        <Button type="submit" variant="primary" disabled={submitting}>
          {submitting ? <Spinner aria-hidden="true" /> : null}
          {t('auth.login.submit')}
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}
