// Placeholder until single sign-on lands (issue 7): the SSO block of the login screen.
export function SsoBlock() {
  return null;
}
