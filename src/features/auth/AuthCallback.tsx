// Placeholder until single sign-on lands (issue 7): the /auth/callback page.
export function AuthCallback() {
  return <p>Connexion en cours...</p>;
}
