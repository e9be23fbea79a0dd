// Placeholder: replaced by the screen's issue.
export function RegisterPage() {
  return (
    <main>
      <h1>Register</h1>
    </main>
  );
}
