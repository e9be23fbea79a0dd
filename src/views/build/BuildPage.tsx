// Placeholder: replaced by the screen's issue.
export function BuildPage() {
  return (
    <main>
      <h1>Build</h1>
    </main>
  );
}
