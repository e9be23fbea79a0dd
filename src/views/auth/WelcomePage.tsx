import type { ReactNode } from 'react';
import { config } from '../../config';
import { usePageTitle } from '../shell/title';
import { LinkButton } from '../ui';
import { AuthLayout } from './AuthLayout';

/** The landing page's greeting and Continue link; /login/error adds a notice above it. */
export function WelcomeContent({ notice }: { notice?: ReactNode }) {
  return (
    <AuthLayout>
      <h1>Welcome to {config.productName}</h1>
      {notice}
      <p>
        You will be redirected to your source control management system ({config.provider}) to sign
        in.
      </p>
      <LinkButton href="/login" variant="primary">
        Continue
      </LinkButton>
    </AuthLayout>
  );
}

/** docs/spec.md 2.11: /welcome. */
export function WelcomePage() {
  usePageTitle('Welcome');
  return <WelcomeContent />;
}
