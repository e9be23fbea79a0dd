// Placeholder: replaced by the screen's issue.
export function LoginFormPage() {
  return (
    <main>
      <h1>Sign in</h1>
    </main>
  );
}
