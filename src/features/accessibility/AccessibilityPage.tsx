// The 'Accessibilité' page (route /accessibilite, docs/product.md#accessibility-page): the accessibility statement in the
// RGAA's form, readable signed in or not, with a way back to the application.
import { useEffect, useRef } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Logo } from '../layout/Logo';
import { ACCESSIBILITY_TEXT as T } from './strings';
import { ACCESSIBILITY_CONTACT_EMAIL, ACCESSIBILITY_STATEMENT_DATE } from './accessibilityConfig';
import { goTo } from './navigate';

const statementDate = new Date(`${ACCESSIBILITY_STATEMENT_DATE}T12:00:00Z`)
  .toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function AccessibilityPage() {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const before = document.title;
    document.title = `${T.title} – Signalements ferroviaires`;
    title.current?.focus();
    return () => { document.title = before; };
  }, []);
  return (
    <div className="login-page statement-page">
      <main className="login-card statement-card">
        <a className="btn btn-ghost statement-back" href="/" onClick={(e) => { e.preventDefault(); goTo('/'); }}>
          <ArrowLeft size={18} aria-hidden="true" /> {T.back}
        </a>
        <div className="login-brand"><Logo size={36} /></div>
        <h1 ref={title} tabIndex={-1} className="login-title">{T.title}</h1>
        <p>{T.intro}</p>
        <h2>{T.stateTitle}</h2>
        <p>{T.state}</p>
        <h3>{T.resultsTitle}</h3>
        <p>{T.results}</p>
        <h2>{T.contentTitle}</h2>
        <p>{T.contentIntro}</p>
        <ul>{T.content.map((c) => <li key={c}>{c}</li>)}</ul>
        <h2>{T.setupTitle}</h2>
        <p>{T.setupDate(statementDate)}</p>
        <p>{T.setupTech}</p>
        <h2>{T.contactTitle}</h2>
        <p>{T.contact} <a href={`mailto:${ACCESSIBILITY_CONTACT_EMAIL}`}>{ACCESSIBILITY_CONTACT_EMAIL}</a></p>
        <h2>{T.appealTitle}</h2>
        <p>{T.appeal}</p>
        <ul>
          {T.appeals.map((a) => (
            <li key={a.text}>{a.text}{'href' in a && <> <a href={a.href} target="_blank" rel="noopener noreferrer">{a.link}</a></>}</li>
          ))}
        </ul>
      </main>
    </div>
  );
}

