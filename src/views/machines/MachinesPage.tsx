// Placeholder: replaced by the screen's issue.
export function MachinesPage() {
  return (
    <main>
      <h1>Machines</h1>
    </main>
  );
}
