import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { pushOfferAnswered, pushState, turnPushOff, turnPushOn, type PushState } from '../../lib/member/push';

/** The profile's switch for notifications on this phone (issue 38): on, off, or why it cannot be. */
export function PushSwitch() {
  const { t } = useLingui();
  const [state, setState] = useState<PushState | undefined>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const id = useId();

  useEffect(() => {
    let ended = false;
    void pushState().then((s) => !ended && setState(s));
    return () => {
      ended = true;
    };
  }, []);

  async function toggle() {
    setBusy(true);
    setFailed(false);
    try {
      setState(state === 'on' ? await turnPushOff() : await turnPushOn());
      await pushOfferAnswered();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  if (!state) return null;
  return (
    <section className="card push-switch" aria-labelledby="push-switch-title">
      <h2 id="push-switch-title">{t`Notifications on this phone`}</h2>
      <p className="small">{t`When a deposit is credited, a withdrawal is paid or rejected, a waiting transfer finishes, or support replies.`}</p>
      {state === 'unsupported' && (
        <p className="hint">{t`This browser cannot show notifications. Add the app to your home screen, or use Chrome.`}</p>
      )}
      {state === 'denied' && (
        <p className="hint">{t`Notifications are blocked for this site. You can allow them in your browser's settings.`}</p>
      )}
      {(state === 'on' || state === 'off') && (
        <div className="check">
          <input id={id} type="checkbox" checked={state === 'on'} disabled={busy} onChange={() => void toggle()} />
          <label htmlFor={id}>{t`Tell me on this phone`}</label>
        </div>
      )}
      {failed && (
        <p className="small text-danger" role="alert">
          {t`That did not work just now. Please try again.`}
        </p>
      )}
    </section>
  );
}
