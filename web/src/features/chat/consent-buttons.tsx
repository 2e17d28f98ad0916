// The answer to the consultant's consent question as buttons (DESIGN.md section 7, POPIA): the
// customer's details are kept only after a yes, typed or pressed. The buttons send the same words
// a customer would type, so the server decides from the message, as it does for a typed reply.
import { Link } from 'react-router';

export const CONSENT_YES = 'Yes, I agree';
export const CONSENT_NO = 'No, please do not keep them';

interface Props {
  disabled: boolean;
  onAnswer: (text: string) => void;
}

export function ConsentButtons({ disabled, onAnswer }: Props) {
  return (
    <div className="chat-consent" role="group" aria-label="Keep my details?">
      <button type="button" className="button chat-consent__yes" disabled={disabled} onClick={() => onAnswer(CONSENT_YES)}>
        Yes, keep my details
      </button>
      <button type="button" className="button button--ghost-dark chat-consent__no" disabled={disabled} onClick={() => onAnswer(CONSENT_NO)}>
        No, don&apos;t keep them
      </button>
      <Link className="chat-consent__privacy" to="/privacy">
        Privacy notice
      </Link>
    </div>
  );
}
