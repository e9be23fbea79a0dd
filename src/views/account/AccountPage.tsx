import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { serverOrigin } from '../../config';
import {
  accountMachine,
  selectIsLoading,
  selectSnippets,
} from '../../machines/account/account.machine';
import { NotificationsSettings } from '../shell/NotificationsBell';
import { usePageTitle } from '../shell/title';
import { Card, CopyButton, Loading, Page, PageHeader } from '../ui';
import { styled } from '../ui/theme';
import { useInspectedActorRef } from '../useInspectedActorRef';

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

/** docs/spec.md 2.10: the personal token with API and command-line examples, each copyable. */
export function AccountPage() {
  usePageTitle('Account');
  const account = useInspectedActorRef(accountMachine, { input: { origin: serverOrigin() } });
  const loading = useSelector(account, selectIsLoading);
  const token = useSelector(account, (snapshot) => snapshot.context.token);
  // A failed token call shows nothing (docs/spec.md 8): the snippets simply stay away.
  const snippets = token ? selectSnippets(account.getSnapshot()) : null;

  return (
    <Page>
      <PageHeader>
        <h1>Account Settings</h1>
        <LogoutLink href="/logout">Logout</LogoutLink>
      </PageHeader>
      {loading ? <Loading /> : null}
      {snippets ? (
        <Snippets>
          <Snippet title="Your Personal Token" text={snippets.token} copyLabel="Copy token" />
          <Snippet title="Example API Usage" text={snippets.api} copyLabel="Copy API example" />
          <Snippet title="Example CLI Usage" text={snippets.cli} copyLabel="Copy CLI example" />
        </Snippets>
      ) : null}
      <Spaced>
        <NotificationsSettings />
      </Spaced>
    </Page>
  );
}
