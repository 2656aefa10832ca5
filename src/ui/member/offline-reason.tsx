import { useLingui } from '@lingui/react/macro';

/** Why a control that needs the network is off; the control points at it with aria-describedby. */
export function OfflineReason({ id }: { id: string }) {
  const { t } = useLingui();
  return (
    <p id={id} className="hint">
      {t`You are offline: this needs the internet.`}
    </p>
  );
}
