import { useQueryParams } from '../useQueryParams';
import { config } from '../../config';
import { usePageTitle } from '../shell/title';
import { Notice, UserText, useT } from '../ui';
import { Trans } from '../ui/Trans';
import { WelcomeContent } from './WelcomePage';
import '../../i18n/en/auth';

const SELF_HOSTING_DOCS = 'https://docs.drone.io/server/overview/';
const HOSTED_CI = 'https://www.harness.io/products/continuous-integration';

/** The hosted cloud stopped taking sign-ups; there every sign-in error means that. */
function ClosedRegistrationNotice() {
  return (
    <Notice tone="warning" role="alert">
      <span>
        <Trans
          i18nKey="auth.loginError.registrationClosed"
          values={{ host: config.cloudHost, product: config.productName }}
          components={{
            selfHost: <a href={SELF_HOSTING_DOCS} target="_blank" rel="noopener noreferrer" />,
            hosted: <a href={HOSTED_CI} target="_blank" rel="noopener noreferrer" />,
          }}
        />
      </span>
    </Notice>
  );
}

/** docs/spec.md 2.11: the landing page with the server's sign-in error (?message=...). */
export function LoginErrorPage() {
  const t = useT();
  usePageTitle(t('auth.loginError.title'));
  const message = useQueryParams().get('message') || t('auth.loginError.default');
  const onCloud = window.location.host === config.cloudHost;
  return (
    <WelcomeContent
      notice={
        onCloud ? (
          <ClosedRegistrationNotice />
        ) : (
          <Notice tone="danger" role="alert">
            <UserText>{message}</UserText>
          </Notice>
        )
      }
    />
  );
}
