// Placeholder: replaced by the screen's issue.
export function LoginRedirectPage() {
  return (
    <main>
      <h1>Redirecting</h1>
    </main>
  );
}
