// Form fields with a label, an optional hint and a French error text wired through aria-describedby.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

export interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** Receives the generated ids for the control. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errId = error ? `${id}-err` : undefined;
  const describedBy = [hintId, errId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${error ? 'field-invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={id} className="field-label">
        {label}{required && <span className="field-required" aria-hidden="true"> *</span>}
      </label>
      {children({ id, describedBy, invalid: !!error })}
      {hint && <p id={hintId} className="field-hint">{hint}</p>}
      {error && <p id={errId} className="field-error" role="alert">{error}</p>}
    </div>
  );
}

type Common = { label: ReactNode; error?: string | null; hint?: ReactNode; fieldClassName?: string };

export function TextInput({ label, error, hint, fieldClassName, required, className, ...rest }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      {({ id, describedBy, invalid }) => (
        <input id={id} className={`input ${className ?? ''}`} aria-describedby={describedBy} aria-invalid={invalid || undefined} required={required} {...rest} />
      )}
    </Field>
  );
}

export function TextArea({ label, error, hint, fieldClassName, required, className, ...rest }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      {({ id, describedBy, invalid }) => (
        <textarea id={id} className={`input textarea ${className ?? ''}`} aria-describedby={describedBy} aria-invalid={invalid || undefined} required={required} {...rest} />
      )}
    </Field>
  );
}

export function Select({ label, error, hint, fieldClassName, required, className, children, ...rest }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      {({ id, describedBy, invalid }) => (
        <select id={id} className={`input select ${className ?? ''}`} aria-describedby={describedBy} aria-invalid={invalid || undefined} required={required} {...rest}>
          {children}
        </select>
      )}
    </Field>
  );
}
