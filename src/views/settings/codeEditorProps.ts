// What both editors take: the CodeMirror one (loaded on demand) and its plain-text stand-in.
export interface CodeEditorProps {
  value: string;
  /** Picks the syntax highlighting from the extension. */
  fileName: string;
  label: string;
  onChange: (value: string) => void;
}
