import { useId } from 'react';
import type { Visibility } from '../../api/types';
import { AutoGrid, boxedRow, useT } from '../ui';
import { styled } from '../ui/theme';
import '../../i18n/en/settings';

// docs/spec.md 2.12 'Project Visibility': three radio cards (docs/spec.md 5: one of three radio options).

const VISIBILITIES: readonly Visibility[] = ['private', 'public', 'internal'];

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
  const t = useT();
  const name = useId();
  return (
    <AutoGrid role="radiogroup" aria-label={t('settings.general.visibility')}>
      {VISIBILITIES.map((option) => (
        <Card key={option}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          <span>
            <strong>{t(`settings.visibility.${option}`)}</strong>
            <small>{t(`settings.visibility.${option}Hint`)}</small>
          </span>
        </Card>
      ))}
    </AutoGrid>
  );
}
