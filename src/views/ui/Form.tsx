import { useId, type ComponentProps, type ReactNode } from 'react';
import { styled } from './theme';

const control = {
  width: '100%',
  minHeight: '32px',
  padding: '$1 $2',
  border: '1px solid $border',
  borderRadius: '$2',
  backgroundColor: '$surface',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$2',
} as const;

export const TextInput = styled('input', control);
export const TextArea = styled('textarea', { ...control, fontFamily: '$mono', minHeight: '96px' });
export const Select = styled('select', control);

const FieldBox = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  marginBottom: '$3',
  label: { fontWeight: 600 },
  small: { color: '$textMuted' },
});

/** A labelled control; the label is tied to the control through its id. */
export function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint ? <small>{hint}</small> : null}
    </FieldBox>
  );
}

const CheckLabel = styled('label', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  cursor: 'pointer',
  input: { width: '16px', height: '16px', margin: 0 },
});

export function Checkbox({ label, ...props }: { label: string } & ComponentProps<'input'>) {
  return (
    <CheckLabel>
      <input type="checkbox" {...props} />
      {label}
    </CheckLabel>
  );
}

const SwitchLabel = styled('label', {
  display: 'flex',
  alignItems: 'flex-start',
  gap: '$3',
  padding: '$2 0',
  cursor: 'pointer',
  input: {
    appearance: 'none',
    flexShrink: 0,
    width: '36px',
    height: '20px',
    margin: '2px 0 0',
    borderRadius: '$round',
    backgroundColor: '$border',
    position: 'relative',
    cursor: 'pointer',
    transition: 'background-color 0.15s',
    '&::after': {
      content: '""',
      position: 'absolute',
      top: '2px',
      left: '2px',
      width: '16px',
      height: '16px',
      borderRadius: '$round',
      backgroundColor: '#fff',
      transition: 'transform 0.15s',
    },
    '&:checked': { backgroundColor: '$primary' },
    '&:checked::after': { transform: 'translateX(16px)' },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  },
  strong: { display: 'block', fontWeight: 600 },
  small: { color: '$textMuted' },
});

/** An on/off setting: a checkbox with the switch role, its label and description. */
export function Switch({
  label,
  description,
  ...props
}: { label: string; description?: string } & ComponentProps<'input'>) {
  return (
    <SwitchLabel>
      <input type="checkbox" role="switch" {...props} />
      <span>
        <strong>{label}</strong>
        {description ? <small>{description}</small> : null}
      </span>
    </SwitchLabel>
  );
}
