// Placeholder: replaced by the screen's issue.
export function LoginErrorPage() {
  return (
    <main>
      <h1>Login error</h1>
    </main>
  );
}
