// Personal-data protection notice of the login screen: purpose, rights, DPO contact, right to complain to the CNIL.
import { AUTH_TEXT as T } from './strings';
import { DATA_PROTECTION_OFFICER_EMAIL } from './privacyConfig';

export function PrivacyNotice() {
  return (
    <details className="privacy-notice" open>
      <summary>{T.privacyTitle}</summary>
      <p>{T.privacyBody}</p>
      <p>
        {T.privacyContact}{' '}
        <a href={`mailto:${DATA_PROTECTION_OFFICER_EMAIL}`}>{DATA_PROTECTION_OFFICER_EMAIL}</a>
      </p>
      <p>
        {T.privacyComplaint}{' '}
        <a href={T.cnilUrl} target="_blank" rel="noopener noreferrer">{T.cnilLabel}</a>
      </p>
    </details>
  );
}
