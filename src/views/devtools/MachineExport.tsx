import { useMemo } from 'react';
import { machineCode } from '../../machines/devtools/machineExport';
import type { MachineEntry } from '../../machines/devtools/registry';
import { CopyButton } from '../ui/CopyButton';
import { useT } from '../ui';
import { styled } from '../ui/theme';
import '../../i18n/en/devtools';

// The shown machine as Stately Studio imports it (machineExport.ts): a file to download, or the
// code to paste into Studio's import.

const Row = styled('p', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$2' });

export function MachineExport({ entry }: { entry: MachineEntry }) {
  const t = useT();
  const code = useMemo(() => machineCode(entry.machine, entry.description), [entry]);
  return (
    <Row>
      <a
        href={`data:text/typescript;charset=utf-8,${encodeURIComponent(code)}`}
        download={`${entry.id}.machine.ts`}
      >
        {t('devtools.export.download', { file: `${entry.id}.machine.ts` })}
      </a>
      <CopyButton text={code} label={t('devtools.export.copy')} />
    </Row>
  );
}
