import { LinkButton, Page } from '../ui';
import { styled } from '../ui/theme';
import { useSessionState } from './session';
import { usePageTitle } from './title';

const Box = styled('div', {
  textAlign: 'center',
  padding: '$7 $4',
  h1: { fontSize: '$4', margin: '0 0 $2' },
  p: { color: '$textMuted', margin: '0 0 $4' },
});

/** docs/spec.md 2.5: shown for unknown paths and for resources the user may not see. */
export function NotFoundPage() {
  // Offer Sign In only once the session is known to be anonymous, not while it loads.
  const signedOut = ['anonymous', 'failed'].includes(useSessionState());
  usePageTitle('Not Found');
  return (
    <Page>
      <Box>
        <h1>We are sorry, the resource you requested cannot be found.</h1>
        <p>That&apos;s all we know.</p>
        {signedOut ? (
          <LinkButton href="/welcome" variant="primary">
            Sign In
          </LinkButton>
        ) : null}
      </Box>
    </Page>
  );
}
