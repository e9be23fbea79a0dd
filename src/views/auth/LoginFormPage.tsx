import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { config } from '../../config';
import { loginMachine, selectIsSubmitting } from '../../machines/auth/login.machine';
import { SessionContext } from '../shell/session';
import { usePageTitle } from '../shell/title';
import { Button, Field, Spinner, TextInput } from '../ui';
import { AuthForm, AuthLayout } from './AuthLayout';
import { prefersChinese } from './language';
import { useInspectedActorRef } from '../useInspectedActorRef';

const englishTitle = () => `Sign in using your ${config.provider} credentials.`;
const chineseTitle = () => `使用您的 ${config.provider} 凭据登录。`;

/** docs/spec.md 2.11: the sign-in form; the machine posts it to /login and follows the answer. */
export function LoginFormPage() {
  usePageTitle('Sign In');
  const [, navigate] = useLocation();
  const session = SessionContext.useActorRef();
  const login = useInspectedActorRef(loginMachine, { input: { navigate, session } });
  const submitting = useSelector(login, selectIsSubmitting);
  const chinese = prefersChinese();

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
      {chinese ? (
        <div>
          <h1 lang="zh-CN">{chineseTitle()}</h1>
          <p lang="en">{englishTitle()}</p>
        </div>
      ) : (
        <h1>{englishTitle()}</h1>
      )}
      <AuthForm method="post" action="/login" onSubmit={submit} aria-busy={submitting}>
        <Field label="Username">
          {(id) => <TextInput id={id} name="username" autoComplete="username" required />}
        </Field>
        <Field label="Password">
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
          Sign in
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}
