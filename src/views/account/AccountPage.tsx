import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { serverOrigin } from '../../config';
import {
  accountMachine,
  selectIsLoading,
  selectSnippets,
} from '../../machines/account/account.machine';
import { LanguagePicker } from '../shell/LanguagePicker';
import { NotificationsSettings } from './NotificationsSettings';
import { usePageTitle } from '../shell/title';
import { Card, Loading, Page, PageHeader, useT } from '../ui';
import { CopyButton } from '../ui/CopyButton';
import { styled } from '../ui/theme';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/account';

const Snippets = styled('div', { display: 'flex', flexDirection: 'column', gap: '$4' });

const SnippetHeader = styled('div', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  marginBottom: '$2',
  h2: { fontSize: '$2', margin: 0 },
});

const Code = styled('pre', {
  margin: 0,
  padding: '$3',
  borderRadius: '$2',
  backgroundColor: '$logBg',
  color: '$logText',
  fontFamily: '$mono',
  fontSize: '$1',
  lineHeight: 1.6,
  // Commands keep their lines (scrolling sideways on narrow screens) so they read as typed.
  overflowX: 'auto',
  whiteSpace: 'pre',
});

const LogoutLink = styled(Link, { fontWeight: 600 });

const Spaced = styled('div', { marginTop: '$4' });

function Snippet({ title, text, copyLabel }: { title: string; text: string; copyLabel: string }) {
  return (
    <Card aria-label={title}>
      <SnippetHeader>
        <h2>{title}</h2>
        <CopyButton text={text} ariaLabel={copyLabel} />
      </SnippetHeader>
      {/* Focusable so keyboard users can scroll a long line sideways. */}
      <Code tabIndex={0}>
        <code>{text}</code>
      </Code>
    </Card>
  );
}

/**
 * docs/spec.md 2.10: the personal token with API and command-line examples, each copyable; and
 * the console's language (issue 19).
 */
export function AccountPage() {
  const t = useT();
  usePageTitle(t('account.title'));
  const account = useInspectedActorRef(accountMachine, { input: { origin: serverOrigin() } });
  const loading = useSelector(account, selectIsLoading);
  const token = useSelector(account, (snapshot) => snapshot.context.token);
  // A failed token call shows nothing (docs/spec.md 8): the snippets simply stay away.
  const snippets = token ? selectSnippets(account.getSnapshot()) : null;

  return (
    <Page>
      <PageHeader>
        <h1>{t('account.heading')}</h1>
        <LogoutLink href="/logout">{t('account.logout')}</LogoutLink>
      </PageHeader>
      <Card css={{ marginBottom: '$4', maxWidth: '24rem', '& > div': { marginBottom: 0 } }}>
        <LanguagePicker />
      </Card>
      {loading ? <Loading /> : null}
      {snippets ? (
        <Snippets>
          <Snippet
            title={t('account.token')}
            text={snippets.token}
            copyLabel={t('account.copyToken')}
          />
          <Snippet title={t('account.api')} text={snippets.api} copyLabel={t('account.copyApi')} />
          <Snippet title={t('account.cli')} text={snippets.cli} copyLabel={t('account.copyCli')} />
        </Snippets>
      ) : null}
      <Spaced>
        <NotificationsSettings />
      </Spaced>
    </Page>
  );
}
