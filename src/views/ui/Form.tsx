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

type ControlProps<T extends 'input' | 'textarea'> = Omit<ComponentProps<T>, 'id' | 'onChange'> & {
  label: string;
  hint?: string;
  /** The new text, on every change. */
  onValue: (value: string) => void;
};

/** A labelled text input, or a text area when `multiline`. */
export function TextField({
  label,
  hint,
  onValue,
  multiline,
  ...props
}:
  | (ControlProps<'input'> & { multiline?: false })
  | (ControlProps<'textarea'> & { multiline: true })) {
  return (
    <Field label={label} hint={hint}>
      {(id) =>
        multiline ? (
          <TextArea
            {...(props as ComponentProps<'textarea'>)}
            id={id}
            onChange={(event) => onValue(event.target.value)}
          />
        ) : (
          <TextInput
            {...(props as ComponentProps<'input'>)}
            id={id}
            onChange={(event) => onValue(event.target.value)}
          />
        )
      }
    </Field>
  );
}

/** An option of a SelectField: a value with its label, or a value that is its own label. */
export type SelectOption = string | { value: string | number; label: string };

/** A labelled select. */
export function SelectField({
  label,
  value,
  options,
  onValue,
}: {
  label: string;
  value: string | number;
  options: readonly SelectOption[];
  onValue: (value: string) => void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <Select id={id} value={value} onChange={(event) => onValue(event.target.value)}>
          {options.map((option) => {
            const { value, label } =
              typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {label}
              </option>
            );
          })}
        </Select>
      )}
    </Field>
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
    // Disabled is hollow (an outline and a ring for the knob), not a dimmer off: in the dark
    // theme a dimmed switch looked like one that is off (issue 29 item 12).
    '&:disabled': {
      cursor: 'not-allowed',
      backgroundColor: 'transparent',
      boxShadow: 'inset 0 0 0 1px $colors$textMuted',
    },
    '&:disabled::after': {
      backgroundColor: 'transparent',
      boxShadow: 'inset 0 0 0 2px $colors$textMuted',
    },
    '&:disabled + span': { color: '$textMuted', cursor: 'not-allowed' },
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
