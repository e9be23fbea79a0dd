import { useSelector } from '@xstate/react';
import { useLayoutEffect } from 'react';
import { selectIsDark, themeActor } from '../../machines/shell/theme.machine';
import { useT } from '../ui';
import { darkTheme, styled } from '../ui/theme';

const ToggleButton = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  padding: 0,
  border: 'none',
  borderRadius: '$2',
  backgroundColor: 'transparent',
  color: '$sidebarText',
  cursor: 'pointer',
  '&:hover': { backgroundColor: 'rgba(255,255,255,0.12)' },
  svg: { width: '20px', height: '20px' },
});

/** Half a circle filled: the usual "contrast" mark, the same in both themes. */
function ContrastIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor" />
    </svg>
  );
}

/** The dark-theme switch of the sidebar and the header: a toggle button (aria-pressed). */
export function ThemeToggle() {
  const t = useT();
  const theme = themeActor();
  const dark = useSelector(theme, selectIsDark);
  return (
    <ToggleButton
      type="button"
      aria-label={t('shell.darkTheme')}
      aria-pressed={dark}
      title={dark ? t('shell.toLightTheme') : t('shell.toDarkTheme')}
      onClick={() => theme.send({ type: 'theme.toggle' })}
    >
      <ContrastIcon />
    </ToggleButton>
  );
}

/**
 * Puts the dark theme's class on <html> so every screen, portal and <dialog> inherits it, and
 * tells the browser which scheme its own controls and scrollbars should use.
 */
export function ThemeRoot() {
  const dark = useSelector(themeActor(), selectIsDark);
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.toggle(darkTheme.toString(), dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  return null;
}
