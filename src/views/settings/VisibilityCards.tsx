import { useId } from 'react';
import type { Visibility } from '../../api/types';
import { AutoGrid, boxedRow } from '../ui';
import { styled } from '../ui/theme';

// docs/spec.md 2.12 'Project Visibility': three radio cards (docs/spec.md 5: one of three radio options).

const VISIBILITIES: Array<{ value: Visibility; label: string; description: string }> = [
  { value: 'private', label: 'Private', description: 'Only people explicitly given access.' },
  { value: 'public', label: 'Public', description: 'Everyone on the internet.' },
  { value: 'internal', label: 'Internal', description: 'Only authenticated users.' },
];

const Card = styled('label', boxedRow, {
  backgroundColor: '$surface',
  cursor: 'pointer',
  input: { margin: '3px 0 0' },
  strong: { display: 'block' },
  small: { color: '$textMuted' },
  '&:has(input:checked)': { borderColor: '$primary', boxShadow: '0 0 0 1px $colors$primary' },
});

export function VisibilityCards({
  value,
  onChange,
}: {
  value: Visibility;
  onChange: (visibility: Visibility) => void;
}) {
  const name = useId();
  return (
    <AutoGrid role="radiogroup" aria-label="Project Visibility">
      {VISIBILITIES.map((option) => (
        <Card key={option.value}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>
            <strong>{option.label}</strong>
            <small>{option.description}</small>
          </span>
        </Card>
      ))}
    </AutoGrid>
  );
}
