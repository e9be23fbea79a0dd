import type { ReactNode } from 'react';
import { config } from '../../config';
import { usePageTitle } from '../shell/title';
import { LinkButton, useT } from '../ui';
import { AuthLayout } from './AuthLayout';
import '../../i18n/en/auth';

/** The landing page's greeting and Continue link; /login/error adds a notice above it. */
export function WelcomeContent({ notice }: { notice?: ReactNode }) {
  const t = useT();
  return (
    <AuthLayout>
      <h1>{t('auth.welcome.heading', { product: config.productName })}</h1>
      {notice}
      <p>{t('auth.welcome.redirect', { provider: config.provider })}</p>
      <LinkButton href="/login" variant="primary">
        {t('auth.welcome.continue')}
      </LinkButton>
    </AuthLayout>
  );
}

/** docs/spec.md 2.11: /welcome. */
export function WelcomePage() {
  const t = useT();
  usePageTitle(t('auth.welcome.title'));
  return <WelcomeContent />;
}
