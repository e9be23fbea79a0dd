import { useQueryParams } from '../useQueryParams';
import { config } from '../../config';
import { usePageTitle } from '../shell/title';
import { Notice, UserText } from '../ui';
import { WelcomeContent } from './WelcomePage';

export const DEFAULT_LOGIN_ERROR = 'An error occurred during login attempt, please, try again';
const SELF_HOSTING_DOCS = 'https://docs.drone.io/server/overview/';
const HOSTED_CI = 'https://www.harness.io/products/continuous-integration';

/** The hosted cloud stopped taking sign-ups; there every sign-in error means that. */
function ClosedRegistrationNotice() {
  return (
    <Notice tone="warning" role="alert">
      <span>
        {config.cloudHost} is no longer accepting new registrations. You can{' '}
        <a href={SELF_HOSTING_DOCS} target="_blank" rel="noopener noreferrer">
          install and host {config.productName} yourself
        </a>{' '}
        or try{' '}
        <a href={HOSTED_CI} target="_blank" rel="noopener noreferrer">
          Harness CI, a hosted CI offering
        </a>
        .
      </span>
    </Notice>
  );
}

/** docs/spec.md 2.11: the landing page with the server's sign-in error (?message=...). */
export function LoginErrorPage() {
  usePageTitle('Login Error');
  const message = useQueryParams().get('message') || DEFAULT_LOGIN_ERROR;
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
