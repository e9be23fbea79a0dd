import { createStitches } from '@stitches/react';

// One theme for every screen; colours meet WCAG AA contrast on their backgrounds.
export const { styled, css, globalCss, keyframes, theme, createTheme, getCssText } = createStitches(
  {
    theme: {
      colors: {
        bg: '#f6f8fa',
        surface: '#ffffff',
        surfaceAlt: '#f0f3f6',
        border: '#d0d7de',
        text: '#1f2328',
        textMuted: '#59636e',
        primary: '#0b5cad',
        primaryHover: '#094a8c',
        primaryText: '#ffffff',
        danger: '#b42318',
        dangerBg: '#fef3f2',
        warning: '#8a5a00',
        warningBg: '#fff8e1',
        success: '#1a7f37',
        successBg: '#eefbf0',
        running: '#9a6700',
        focus: '#0969da',
        sidebar: '#0d1117',
        sidebarText: '#e6edf3',
        logBg: '#0d1117',
        logText: '#e6edf3',
        logMuted: '#8b949e',
      },
      space: { 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px', 6: '32px', 7: '48px' },
      fontSizes: { 1: '12px', 2: '14px', 3: '16px', 4: '20px', 5: '24px' },
      fonts: {
        body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
        mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
      },
      radii: { 1: '4px', 2: '6px', 3: '10px', round: '9999px' },
      shadows: { 1: '0 1px 3px rgba(0,0,0,0.12)', 2: '0 8px 24px rgba(0,0,0,0.2)' },
    },
    media: {
      mobile: '(max-width: 767px)',
    },
  },
);

export const darkTheme = createTheme('dark', {
  colors: {
    bg: '#0d1117',
    surface: '#161b22',
    surfaceAlt: '#1c2128',
    border: '#30363d',
    text: '#e6edf3',
    textMuted: '#9198a1',
    primary: '#4493f8',
    primaryHover: '#6ca4f8',
    primaryText: '#0d1117',
    danger: '#ff7b72',
    dangerBg: '#2d1213',
    warning: '#e3b341',
    warningBg: '#2b2111',
    success: '#3fb950',
    successBg: '#12261b',
    running: '#d29922',
    focus: '#4493f8',
    sidebar: '#010409',
    sidebarText: '#e6edf3',
  },
});

export const globalStyles = globalCss({
  '*, *::before, *::after': { boxSizing: 'border-box' },
  'html, body, #root': { margin: 0, minHeight: '100%' },
  body: {
    fontFamily: '$body',
    fontSize: '$2',
    color: '$text',
    backgroundColor: '$bg',
    lineHeight: 1.5,
  },
  a: { color: '$primary' },
  ':focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  '.visually-hidden': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});
