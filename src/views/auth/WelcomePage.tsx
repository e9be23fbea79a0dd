// Placeholder: replaced by the screen's issue.
export function WelcomePage() {
  return (
    <main>
      <h1>Welcome</h1>
    </main>
  );
}
