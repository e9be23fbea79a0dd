// Placeholder: replaced by the screen's issue.
export function RepoPage() {
  return (
    <main>
      <h1>Repository</h1>
    </main>
  );
}
