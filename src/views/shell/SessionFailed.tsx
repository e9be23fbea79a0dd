import { Button, Notice, Page, Row, UserText, useT } from '../ui';
import { SessionContext } from './session';
import { usePageTitle } from './title';

/**
 * The current user could not be loaded (a server error, not a 401): say why and offer a retry,
 * instead of sending a signed-in user to the welcome page as if they were signed out.
 */
export function SessionFailed() {
  const t = useT();
  usePageTitle(t('shell.error'));
  const error = SessionContext.useSelector((snapshot) => snapshot.context.error);
  const session = SessionContext.useActorRef();
  return (
    <Page>
      <Notice tone="danger" role="alert">
        <UserText>{error || t('messages.unknownError')}</UserText>
      </Notice>
      <Row css={{ marginTop: '$4' }}>
        <Button variant="primary" onClick={() => session.send({ type: 'session.reload' })}>
          {t('common.tryAgain')}
        </Button>
      </Row>
    </Page>
  );
}
