// Placeholder: replaced by the screen's issue.
export function LogoutPage() {
  return (
    <main>
      <h1>Logout</h1>
    </main>
  );
}
