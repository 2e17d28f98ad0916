import { telLink, usePublicConfig, whatsappLink } from '../../lib/public-config';

/** Call or WhatsApp the team about a size we do not price online (spec section 8: custom sizes). */
export function TeamContact({ subject }: { subject: string }) {
  const config = usePublicConfig();
  const phone = config.phone.national || config.phone.gardenRoute;
  const whatsapp = config.whatsapp.national || config.whatsapp.gardenRoute;
  const greeting = config.whatsapp.national ? config.whatsappGreeting.national : config.whatsappGreeting.gardenRoute;
  if (!phone && !whatsapp && !config.email) return null;
  return (
    <div className="qc-contact">
      <p className="qc-contact__lead">Our team makes custom sizes to order:</p>
      <div className="button-row">
        {phone && (
          <a className="button button--small button--ghost-dark" href={telLink(phone)}>
            Call {phone}
          </a>
        )}
        {whatsapp && (
          <a
            className="button button--small button--whatsapp"
            href={whatsappLink(whatsapp, `${greeting ? `${greeting} ` : ''}I need a custom size: ${subject}.`)}
            target="_blank"
            rel="noopener noreferrer"
          >
            WhatsApp us
          </a>
        )}
        {!phone && !whatsapp && config.email && (
          <a
            className="button button--small button--ghost-dark"
            href={`mailto:${config.email}?subject=${encodeURIComponent(`Custom size: ${subject}`)}`}
          >
            E-mail {config.email}
          </a>
        )}
      </div>
    </div>
  );
}
