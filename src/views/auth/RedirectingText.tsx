import { config } from '../../config';
import { useT } from '../ui/i18n';
import { styled } from '../ui/theme';

const Message = styled('div', {
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  color: '$textMuted',
  fontSize: '$3',
});

/**
 * docs/spec.md 2.1: all /login shows while the browser is sent to sign in. The first screen
 * carries it (and its English), so it shows from the first frame, before the page's code arrives.
 */
export function RedirectingText() {
  const t = useT();
  return <Message role="status">{t('auth.redirect.text', { provider: config.provider })}</Message>;
}
