// Placeholder: replaced by the screen's issue.
export function AccountPage() {
  return (
    <main>
      <h1>Account Settings</h1>
    </main>
  );
}
