import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { goInPlace, isInstalledApp } from '../../lib/display-mode';
import { errorMessage } from '../../lib/errors';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { GameCredentials } from './game-credentials';
import { credentialsQuery } from './queries';
import { useActivateSlot, usePlayLink } from './mutations';
import type { Slot } from '../../../contract/wallet';
import { useMoneyWords } from '../../ui/member/money-words';

/** Game providers whose web login goes through /api/autoLogin (§7). */
const AUTO_LOGIN = new Set(['PG', 'BETFLIX', 'ASKMEBET', 'IMI', 'USUN', 'AREASLOT', 'CIRCUS', 'SLOTRACHA', 'PGSLOT', 'JOKER2', 'HUAYHD']);
const NEW_TAB = import.meta.env.VITE_GAME_NEW_TAB === 'true';

/**
 * §2 slot account modal: open the account (inactive), or its credentials, password reset, transfer
 * buttons (off at 0), app buttons (off without a link) and the web login. In the installed app (no
 * back button) the game opens in a window of its own and this modal says how to come back.
 */
export function SlotModal({
  slot,
  onClose,
  onTransfer,
  onBackFromGame,
}: {
  slot: Slot;
  onClose: () => void;
  onTransfer: (from: string, to: string) => void;
  /** the member is back from playing: the game balances have moved */
  onBackFromGame: () => void;
}) {
  const { t, i18n } = useLingui();
  const { money: moneyText } = useMoneyWords();
  const online = useOnline();
  const credentials = useQuery({ ...credentialsQuery(slot.code), enabled: slot.isActive && online });
  const fail = (err: Error) => showToast(errorMessage(i18n, err.message), 'danger');
  const activate = useActivateSlot(slot.code);
  const play = usePlayLink();
  const [playing, setPlaying] = useState('');
  const openAccount = () =>
    activate.mutate(undefined, { onSuccess: () => showToast(t`Your game account is open.`, 'success'), onError: fail });
  const playOnWeb = () =>
    play.mutate(
      { slot, credentials: credentials.data, autoLogin: AUTO_LOGIN.has(slot.code) },
      {
        onSuccess: (link) => {
          if (!NEW_TAB && !isInstalledApp()) return goInPlace(link);
          window.open(link, '_blank', 'noopener');
          setPlaying(link);
        },
        onError: fail,
      },
    );

  const name = slot.name;
  const amount = moneyText(slot.amount);
  const offline = !online ? t`You are offline: this needs the internet.` : '';
  if (playing) {
    return (
      <Modal title={name} onClose={onBackFromGame} closeLabel={t`Close`}>
        <div className="form">
          <p role="status">{t`${name} is open in its own window. When you finish playing, come back to this app.`}</p>
          <button type="button" className="button primary block" onClick={onBackFromGame} data-autofocus>
            {t`Back to my wallet`}
          </button>
          <a className="button block" href={playing} target="_blank" rel="noopener noreferrer">
            {t`Open the game again`}
          </a>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title={name} onClose={onClose} closeLabel={t`Close`}>
      {!slot.isActive ? (
        <div className="form">
          <p>{t`You have no ${name} account yet.`}</p>
          <button type="button" className="button primary block" disabled={!online || activate.isPending} onClick={openAccount}>
            {activate.isPending ? t`Opening…` : t`Open an account`}
          </button>
          {offline && <p className="hint">{offline}</p>}
        </div>
      ) : (
        <div className="form">
          <p className="balance-line">{t`Balance ${amount}`}</p>
          {credentials.data ? (
            <GameCredentials code={slot.code} name={name} credentials={credentials.data} online={online} />
          ) : (
            <p className="muted">{credentials.error ? errorMessage(i18n, credentials.error.message) : offline || t`Loading…`}</p>
          )}
          <div className="button-grid">
            <button type="button" className="button" disabled={!online} onClick={() => onTransfer('WALLET', slot.code)}>
              {t`Transfer in`}
            </button>
            <button type="button" className="button" disabled={!online || slot.amount <= 0} onClick={() => onTransfer(slot.code, 'WALLET')}>
              {t`Transfer out`}
            </button>
          </div>
          <button type="button" className="button primary block" disabled={!online || play.isPending} onClick={playOnWeb}>
            {t`Play on the web`}
          </button>
          <div className="button-grid">
            <AppLink href={slot.android} label={t`Android`} />
            <AppLink href={slot.ios} label={t`iOS`} />
          </div>
          {!slot.android && !slot.ios && <p className="hint">{t`${name} has no app to download: play on the web.`}</p>}
          {offline && <p className="hint">{offline}</p>}
        </div>
      )}
    </Modal>
  );
}

/** An app download: a link when the provider has one, else a disabled button (§2). */
function AppLink({ href, label }: { href: string | null; label: string }) {
  return href ? (
    <a className="button" href={href}>
      {label}
    </a>
  ) : (
    <button type="button" className="button" disabled>
      {label}
    </button>
  );
}
