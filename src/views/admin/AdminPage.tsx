// Placeholder: replaced by the screen's issue.
export function AdminPage() {
  return (
    <main>
      <h1>System Administration</h1>
    </main>
  );
}
