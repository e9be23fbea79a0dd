import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { styled } from './theme';

const buttonStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  minHeight: '32px',
  padding: '0 $3',
  borderRadius: '$2',
  border: '1px solid $border',
  backgroundColor: '$surface',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$2',
  fontWeight: 500,
  lineHeight: 1,
  cursor: 'pointer',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  '&:hover:not(:disabled)': { backgroundColor: '$surfaceAlt' },
  '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
  variants: {
    variant: {
      primary: {
        backgroundColor: '$primary',
        borderColor: '$primary',
        color: '$primaryText',
        '&:hover:not(:disabled)': { backgroundColor: '$primaryHover' },
      },
      secondary: {},
      danger: {
        color: '$danger',
        borderColor: '$danger',
        '&:hover:not(:disabled)': { backgroundColor: '$dangerBg' },
      },
      ghost: { borderColor: 'transparent', backgroundColor: 'transparent' },
    },
    size: {
      small: { minHeight: '26px', padding: '0 $2', fontSize: '$1' },
      normal: {},
    },
  },
  defaultVariants: { variant: 'secondary', size: 'normal' },
} as const;

const StyledButton = styled('button', buttonStyle);

/** A button that never submits a form by accident: `type` defaults to 'button'. */
export function Button(props: ComponentProps<typeof StyledButton>) {
  return <StyledButton type="button" {...props} />;
}

/** A navigation that looks like a button. */
export const LinkButton = styled(Link, buttonStyle);

/** A square button holding only an icon; always give it an aria-label. */
const StyledIconButton = styled('button', {
  ...buttonStyle,
  padding: 0,
  width: '32px',
  variants: buttonStyle.variants,
  defaultVariants: { variant: 'ghost', size: 'normal' },
});

export function IconButton(props: ComponentProps<typeof StyledIconButton>) {
  return <StyledIconButton type="button" {...props} />;
}
