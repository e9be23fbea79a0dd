// Placeholder: replaced by the screen's issue.
export function RepoSettings() {
  return <h2>Settings</h2>;
}
