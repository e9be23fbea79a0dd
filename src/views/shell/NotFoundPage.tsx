import { LinkButton, Page, useT } from '../ui';
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
  const t = useT();
  usePageTitle(t('shell.notFound.title'));
  return (
    <Page>
      <Box>
        <h1>{t('shell.notFound.heading')}</h1>
        <p>{t('shell.notFound.text')}</p>
        {signedOut ? (
          <LinkButton href="/welcome" variant="primary">
            {t('common.signIn')}
          </LinkButton>
        ) : null}
      </Box>
    </Page>
  );
}
