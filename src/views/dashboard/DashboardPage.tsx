// Placeholder: replaced by the screen's issue.
export function DashboardPage() {
  return (
    <main>
      <h1>Dashboard</h1>
    </main>
  );
}
