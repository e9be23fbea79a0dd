// Placeholder: replaced by the screen's issue.
export function BuildsFeedPage() {
  return (
    <main>
      <h1>Builds Feed</h1>
    </main>
  );
}
