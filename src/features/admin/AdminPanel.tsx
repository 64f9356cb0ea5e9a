// Placeholder until the administration panel lands (issue 6).
export function AdminPanel() {
  return null;
}
