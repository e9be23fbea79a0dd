import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { config } from '../../config';
import { registerMachine, selectIsSubmitting } from '../../machines/auth/register.machine';
import { SessionContext } from '../shell/session';
import { usePageTitle } from '../shell/title';
import { Button, Field, Spinner, TextInput } from '../ui';
import { AuthForm, AuthLayout, Legal } from './AuthLayout';
import { useInspectedActorRef } from '../useInspectedActorRef';

const PRIVACY_POLICY = 'https://harness.io/privacy/';
const LICENSE = 'https://github.com/harness/drone/blob/master/LICENSE';
const DOCUMENTATION = 'https://docs.drone.io/';

/** docs/spec.md 2.11: completing the registration of a user the server knows no email for. */
export function RegisterPage() {
  usePageTitle('Register');
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
      <h1>Complete your {config.productName} Registration.</h1>
      <AuthForm onSubmit={submit} aria-busy={submitting}>
        <Field label="Your Email">
          {(id) => <TextInput id={id} name="email" type="email" autoComplete="email" required />}
        </Field>
        <Field label="Your Full Name">
          {(id) => <TextInput id={id} name="name" autoComplete="name" required />}
        </Field>
        <Field label="Company Name">
          {(id) => <TextInput id={id} name="company" autoComplete="organization" />}
        </Field>
        <Button type="submit" variant="primary" disabled={submitting}>
          {submitting ? <Spinner aria-hidden="true" /> : null}
          Submit
        </Button>
      </AuthForm>
      <Legal>
        By clicking &quot;Submit&quot;, you agree to our{' '}
        <a href={PRIVACY_POLICY} target="_blank" rel="noopener noreferrer">
          Privacy Policy
        </a>{' '}
        and{' '}
        <a href={LICENSE} target="_blank" rel="noopener noreferrer">
          License
        </a>
        . Learn more about {config.productName} in its{' '}
        <a href={DOCUMENTATION} target="_blank" rel="noopener noreferrer">
          documentation
        </a>
        .
      </Legal>
    </AuthLayout>
  );
}
