import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PUSH_OFFER_DUE, pushOfferAnswered, pushOfferDue, pushPreferenceQuery, turnPushOn, type PushState } from '../../lib/member/push';

/**
 * The offer of notifications (issue 38): only after the member's first deposit or first chat message
 * (never on a first visit), once, until answered, and never to a member who turned notifications off for
 * their account (on another phone, perhaps); the browser's own prompt comes only at their tap. The
 * profile keeps the switches for later.
 */
export default function PushOffer() {
  const { t } = useLingui();
  const [due, setDue] = useState(false);
  const [outcome, setOutcome] = useState<PushState | 'failed' | undefined>();
  const [busy, setBusy] = useState(false);
  // the button tapped is gone once they are on: the keyboard goes on from the sentence that says so
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome === 'on') said.current?.focus();
  }, [outcome]);

  useEffect(() => {
    let ended = false;
    // the answer of the latest check stands (an earlier, slower one may answer after it)
    let asked = 0;
    const check = () => {
      const mine = ++asked;
      void pushOfferDue().then((d) => !ended && mine === asked && setDue(d));
    };
    check();
    // earned while the app is open (the first deposit, the first chat message): shown then
    window.addEventListener(PUSH_OFFER_DUE, check);
    return () => {
      ended = true;
      window.removeEventListener(PUSH_OFFER_DUE, check);
    };
  }, []);

  async function turnOn() {
    setBusy(true);
    try {
      const state = await turnPushOn();
      setOutcome(state);
      if (state !== 'off') await pushOfferAnswered();
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  }
  async function notNow() {
    await pushOfferAnswered();
    setDue(false);
  }

  // asked only once the offer is earned here: a member who said no on another phone is not asked again
  const preference = useQuery({ ...pushPreferenceQuery(), enabled: due });
  if (!due || preference.data?.on !== true) return null;
  if (outcome === 'on')
    return (
      <p className="notice" role="status" ref={said} tabIndex={-1}>
        {t`Notifications are on: we will tell you on this phone. You can turn them off in your profile.`}
      </p>
    );
  return (
    <section className="card push-offer" aria-labelledby="push-offer-title">
      <h2 id="push-offer-title">{t`Be told when your money arrives`}</h2>
      <p>{t`We can tell you on this phone, even with the app closed, when a deposit is credited, a withdrawal is paid or support replies.`}</p>
      {outcome === 'denied' && (
        <p className="small text-danger" role="alert">
          {t`Notifications are blocked for this site. You can allow them in your browser's settings.`}
        </p>
      )}
      {outcome === 'failed' && (
        <p className="small text-danger" role="alert">
          {t`Notifications could not be turned on just now. Please try again later from your profile.`}
        </p>
      )}
      {outcome === 'denied' ? (
        // the browser's answer stands: nothing here can turn them on now (the answer is kept: not offered again)
        <div className="row gap">
          <button type="button" className="button small" onClick={() => setDue(false)}>
            {t`OK`}
          </button>
        </div>
      ) : (
        <div className="row gap">
          <button type="button" className="button primary small" disabled={busy} onClick={() => void turnOn()}>
            {t`Turn on notifications`}
          </button>
          <button type="button" className="button small" disabled={busy} onClick={() => void notNow()}>
            {t`Not now`}
          </button>
        </div>
      )}
    </section>
  );
}
