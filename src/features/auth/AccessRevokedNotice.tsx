// The reason shown on the login screen after an admin deactivated the account.
import { useAtomValue } from 'jotai';
import { Alert } from '../../ui';
import { ACCESS_REVOKED_TEXT, accessRevokedAtom } from '../../state/accessRevoked';

export function AccessRevokedNotice() {
  const revoked = useAtomValue(accessRevokedAtom);
  return revoked ? <Alert kind="error">{ACCESS_REVOKED_TEXT}</Alert> : null;
}
