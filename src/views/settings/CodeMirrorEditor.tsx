import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { yaml } from '@codemirror/lang-yaml';
import { EditorView, basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import type { CodeEditorProps } from './codeEditorProps';

// Loaded only through CodeEditor's dynamic import: the dashboard's first load carries none of
// CodeMirror (docs/architecture.md 7).

/** Jsonnet and Starlark have no CodeMirror 6 package; JavaScript and Python are close kin. */
function languageOf(fileName: string) {
  if (/\.(ya?ml)$/.test(fileName)) return yaml();
  if (/\.(star|starlark|script)$/.test(fileName)) return python();
  return javascript();
}

export default function CodeMirrorEditor({ value, fileName, label, onChange }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest callback, without re-creating the editor when the parent re-renders.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // One editor per language: a different extension is a different grammar.
  const language = fileName.slice(fileName.lastIndexOf('.'));
  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      doc: '',
      extensions: [
        basicSetup,
        languageOf(language),
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChangeRef.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [language, label]);

  // The machine owns the content: replace the document when it differs (e.g. a new example).
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value, language]);

  return <div ref={host} data-testid="code-editor" />;
}
