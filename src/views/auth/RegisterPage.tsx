import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { config } from '../../config';
import { registerMachine, selectIsSubmitting } from '../../machines/auth/register.machine';
import { SessionContext } from '../shell/session';
import { usePageTitle } from '../shell/title';
import { Button, Spinner, useT } from '../ui';
import { Trans } from '../ui/Trans';
import { Field, TextInput } from '../ui/Form';
import { AuthForm, AuthLayout, Legal } from './AuthLayout';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/auth';

const PRIVACY_POLICY = 'https://harness.io/privacy/';
const LICENSE = 'https://github.com/harness/drone/blob/master/LICENSE';
const DOCUMENTATION = 'https://docs.drone.io/';

/** docs/spec.md 2.11: completing the registration of a user the server knows no email for. */
export function RegisterPage() {
  const t = useT();
  usePageTitle(t('auth.register.title'));
  const [, navigate] = useLocation();
  const session = SessionContext.useActorRef();
  const register = useInspectedActorRef(registerMachine, { input: { navigate, session } });
  const submitting = useSelector(register, selectIsSubmitting);

  // The browser has already enforced `required` and the email format when this runs.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    register.send({
      type: 'register.submit',
      email: field('email'),
      name: field('name'),
      company: field('company'),
    });
  };

  return (
    <AuthLayout>
      <h1>{t('auth.register.heading', { product: config.productName })}</h1>
      <AuthForm onSubmit={submit} aria-busy={submitting}>
        <Field label={t('auth.register.email')}>
          {(id) => <TextInput id={id} name="email" type="email" autoComplete="email" required />}
        </Field>
        <Field label={t('auth.register.name')}>
          {(id) => <TextInput id={id} name="name" autoComplete="name" required />}
        </Field>
        <Field label={t('auth.register.company')}>
          {(id) => <TextInput id={id} name="company" autoComplete="organization" />}
        </Field>
        <Button type="submit" variant="primary" disabled={submitting}>
          {submitting ? <Spinner aria-hidden="true" /> : null}
          {t('auth.register.submit')}
        </Button>
      </AuthForm>
      <Legal>
        <Trans
          i18nKey="auth.register.legal"
          values={{ product: config.productName }}
          components={{
            privacy: <a href={PRIVACY_POLICY} target="_blank" rel="noopener noreferrer" />,
            license: <a href={LICENSE} target="_blank" rel="noopener noreferrer" />,
            docs: <a href={DOCUMENTATION} target="_blank" rel="noopener noreferrer" />,
          }}
        />
      </Legal>
    </AuthLayout>
  );
}
