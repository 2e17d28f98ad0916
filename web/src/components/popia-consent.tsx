import { Link } from 'react-router';

/**
 * The POPIA consent box every form that collects contact details shows (the server refuses a lead
 * without `popiaConsent: true`): one wording and one privacy link for the lead form and the
 * quick-details dialog.
 */
export function PopiaConsent({
  id,
  className,
  checked,
  onChange,
}: {
  id: string;
  className: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className={className}>
      <input id={id} name="popiaConsent" type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>
        I agree to be contacted about this enquiry (see our{' '}
        <Link to="/privacy" target="_blank" rel="noopener">
          privacy notice
        </Link>
        ).
      </label>
    </div>
  );
}
