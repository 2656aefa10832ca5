import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import {
  pushOfferAnswered,
  pushPreferenceQuery,
  pushState,
  savePushPreference,
  turnPushOff,
  turnPushOn,
  type PushState,
} from '../../lib/member/push';
import { useOnline } from '../use-online';
import { OfflineReason } from './offline-reason';

/**
 * The profile's notifications (issue 38): the member's own choice for their account (off: none of their
 * phones is told, whichever turned it on), and, while it is on, this phone: on, off, or why it cannot be.
 */
export function PushSwitch() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const preference = useQuery(pushPreferenceQuery());
  const [device, setDevice] = useState<PushState | undefined>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const accountBox = useId();
  const deviceBox = useId();
  const offlineId = useId();
  // both switches ask the server (this phone's one the push service too): offline they wait, saying why,
  // instead of failing with 'did not work'
  const online = useOnline();

  useEffect(() => {
    let ended = false;
    void pushState().then((s) => !ended && setDevice(s));
    return () => {
      ended = true;
    };
  }, []);

  async function act(step: () => Promise<void>) {
    setBusy(true);
    setFailed(false);
    try {
      await step();
      // the member chose here: the offer on the home is not made again
      await pushOfferAnswered();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  const toggleAccount = (on: boolean) =>
    act(async () => {
      queryClient.setQueryData(pushPreferenceQuery().queryKey, await savePushPreference(on));
    });
  const toggleDevice = () =>
    act(async () => {
      setDevice(device === 'on' ? await turnPushOff() : await turnPushOn());
    });

  if (!device) return null;
  const on = preference.data?.on;
  return (
    <section className="card push-switch" aria-labelledby="push-switch-title">
      <h2 id="push-switch-title">{t`Notifications`}</h2>
      <p className="small">{t`When a deposit is credited, a withdrawal is paid or rejected, a waiting transfer finishes, or support replies.`}</p>
      {on === undefined && preference.isError && (
        <p className="hint">{t`Your notification settings cannot be read just now. Please try again later.`}</p>
      )}
      {on !== undefined && (
        <div className="check">
          <input
            id={accountBox}
            type="checkbox"
            checked={on}
            disabled={busy || !online}
            aria-describedby={online ? undefined : offlineId}
            onChange={() => void toggleAccount(!on)}
          />
          <label htmlFor={accountBox}>{t`Notifications for my account`}</label>
        </div>
      )}
      {on === false && <p className="small muted">{t`Off: none of your phones is told. You see what happened when you open the app.`}</p>}
      {on && device === 'unsupported' && (
        <p className="hint">{t`This browser cannot show notifications. Add the app to your home screen, or use Chrome.`}</p>
      )}
      {on && device === 'denied' && (
        <p className="hint">{t`Notifications are blocked for this site. You can allow them in your browser's settings.`}</p>
      )}
      {on && (device === 'on' || device === 'off') && (
        <div className="check">
          <input
            id={deviceBox}
            type="checkbox"
            checked={device === 'on'}
            disabled={busy || !online}
            aria-describedby={online ? undefined : offlineId}
            onChange={() => void toggleDevice()}
          />
          <label htmlFor={deviceBox}>{t`Tell me on this phone`}</label>
        </div>
      )}
      {on !== undefined && !online && <OfflineReason id={offlineId} />}
      {failed && (
        <p className="small text-danger" role="alert">
          {t`That did not work just now. Please try again.`}
        </p>
      )}
    </section>
  );
}
