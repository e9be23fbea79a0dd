// Placeholder until the search drawer lands (issue 3).
export function SearchButton() {
  return null;
}
