// Placeholder until the route report lands (issue 5).
export function ReportFlow() {
  return null;
}
