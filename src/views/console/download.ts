// Saves text as a file through a temporary link, as a user-initiated download.
let previousUrl: string | undefined;

/** Saves text (or its parts, for a text too long for one string) as a file. */
export function saveTextFile(fileName: string, text: string | readonly string[]): void {
  // Revoking right after click() can cancel the download in some browsers, so the previous
  // object URL is released on the next download instead.
  if (previousUrl) URL.revokeObjectURL(previousUrl);
  previousUrl = URL.createObjectURL(
    new Blob(typeof text === 'string' ? [text] : [...text], {
      type: 'text/plain',
    }),
  );
  const link = document.createElement('a');
  link.href = previousUrl;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
