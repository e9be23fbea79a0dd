import { Component, Fragment, type ReactNode } from 'react';
import { Button, LinkButton, Notice, Page, Row, UserText, useT } from '../ui';
import { styled } from '../ui/theme';

const Details = styled('pre', {
  margin: '$2 0 0',
  fontFamily: '$mono',
  fontSize: '$1',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

interface Props {
  children: ReactNode;
  /** A new value (the location) clears a caught error: another screen gets its own chance. */
  resetKey?: string;
}

interface State {
  error: Error | null;
  /** Bumped by 'Try again' so the screen mounts afresh, with new actors. */
  attempt: number;
  resetKey?: string;
}

/**
 * One per screen (routes.tsx): a render error shows its text with a way back instead of a blank
 * page, and the sidebar or header around it keeps working. React logs the error itself.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, resetKey: props.resetKey };
  }

  private retry = () => this.setState(({ attempt }) => ({ error: null, attempt: attempt + 1 }));

  override render() {
    const { error, attempt } = this.state;
    if (!error) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    return <ScreenFailed error={error} onRetry={this.retry} />;
  }
}

/** What a caught render error shows (a function component: texts come from a hook). */
function ScreenFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useT();
  return (
    <Page>
      <Notice tone="danger" role="alert">
        <div>
          <strong>{t('shell.screenFailed')}</strong>
          <Details>
            <UserText>{error.message || error.name}</UserText>
          </Details>
        </div>
      </Notice>
      <Row css={{ marginTop: '$4' }}>
        <Button variant="primary" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
        <LinkButton href="/">{t('shell.goToDashboard')}</LinkButton>
      </Row>
    </Page>
  );
}
