import { onDemand } from '../../boot/OnDemand';
import { TextArea } from '../ui/Form';
import { styled } from '../ui/theme';
import type { CodeEditorProps } from './codeEditorProps';
import '../../i18n/en/settings';

/** Used when the editor's chunk cannot be loaded: the content stays editable. */
function PlainTextEditor({ value, label, onChange }: CodeEditorProps) {
  return (
    <TextArea
      aria-label={label}
      value={value}
      spellCheck={false}
      css={{ minHeight: '360px', border: 'none' }}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

// docs/architecture.md 7: the code editor loads on demand.
const CodeMirrorEditor = onDemand(
  () =>
    import('./CodeMirrorEditor').then(
      (m) => m.default,
      (error: unknown) => {
        console.warn('The code editor could not be loaded; using a plain text area.', error);
        return PlainTextEditor;
      },
    ),
  'settings.list.loadingEditor',
);

const Frame = styled('div', {
  border: '1px solid $border',
  borderRadius: '$2',
  overflow: 'hidden',
  minHeight: '240px',
  // CodeMirror's default highlight colours are made for a light page: keep the editor light in
  // both themes rather than show dark syntax colours on a dark background.
  '.cm-editor': { height: '360px', fontSize: '13px', backgroundColor: '#ffffff', color: '#1f2328' },
  '.cm-gutters': { backgroundColor: '#f6f8fa', color: '#59636e', borderRight: '1px solid #d0d7de' },
  '.cm-scroller': { fontFamily: '$mono' },
  '.cm-editor.cm-focused': { outline: '2px solid $focus' },
});

/** The template editor (CodeMirror 6, loaded on demand). */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Frame>
      <CodeMirrorEditor {...props} />
    </Frame>
  );
}
