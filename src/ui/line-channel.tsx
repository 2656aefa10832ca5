import { Trans, useLingui } from '@lingui/react/macro';
import type { ContactResponse } from '../../contract/lookup';

/**
 * The operator's LINE channel from the contact lookup: its QR code, and the link to it (or, without a
 * link, its name), as the contact page and the closed-site page both show it (styles: contact.css).
 */
export function LineChannel({ contact }: { contact: Pick<ContactResponse, 'lineQR' | 'lineLink' | 'lineName'> }) {
  const { t } = useLingui();
  const { lineQR, lineLink, lineName } = contact;
  return (
    <div className="line-channel">
      {lineQR && <img className="line-qr" src={lineQR} alt={t`LINE QR code for ${lineName}`} width={128} height={128} />}
      {lineLink ? (
        <a className="button primary" href={lineLink} target="_blank" rel="noopener noreferrer">
          <Trans>Chat on LINE: {lineName}</Trans>
        </a>
      ) : (
        <p className="strong">{lineName}</p>
      )}
    </div>
  );
}
