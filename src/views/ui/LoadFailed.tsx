import { Button } from './Button';
import { Notice } from './Feedback';
import { useT } from './i18n';
import { Row } from './Layout';
import { UserText } from './UserText';

/** A failed load: the docs/spec.md 8 message, and Retry to load once more. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <>
      <Notice tone="danger" role="alert">
        <UserText>{message || t('messages.unknownError')}</UserText>
      </Notice>
      <Row css={{ marginTop: '$3' }}>
        <Button onClick={onRetry}>{t('common.retry')}</Button>
      </Row>
    </>
  );
}
