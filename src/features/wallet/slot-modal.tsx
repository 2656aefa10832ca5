import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { activateSlot, autoLoginLink, credentialsQuery, resetSlotPassword } from './queries';
import { walletKeys } from '../../lib/member/wallet-query';
import type { Slot } from '../../../contract/wallet';
import { useMoneyWords } from '../../ui/member/money-words';

/** Game providers whose web login goes through /api/autoLogin (§7). */
const AUTO_LOGIN = new Set(['PG', 'BETFLIX', 'ASKMEBET', 'IMI', 'USUN', 'AREASLOT', 'CIRCUS', 'SLOTRACHA', 'PGSLOT', 'JOKER2', 'HUAYHD']);
const NEW_TAB = import.meta.env.VITE_GAME_NEW_TAB === 'true';

/**
 * §2 slot account modal: open the account (inactive), or its credentials, password reset, transfer
 * buttons (off at 0), app buttons (off without a link) and the web login.
 */
export function SlotModal({
  slot,
  onClose,
  onTransfer,
}: {
  slot: Slot;
  onClose: () => void;
  onTransfer: (from: string, to: string) => void;
}) {
  const { t, i18n } = useLingui();
  const { money: moneyText } = useMoneyWords();
  const online = useOnline();
  const queryClient = useQueryClient();
  const credentials = useQuery({ ...credentialsQuery(slot.code), enabled: slot.isActive && online });
  const fail = (err: Error) => showToast(errorMessage(i18n, err.message), 'danger');
  const activate = useMutation({
    mutationFn: () => activateSlot(slot.code),
    onSuccess: (creds) => {
      queryClient.setQueryData(walletKeys.credentials(slot.code), creds);
      void queryClient.invalidateQueries({ queryKey: walletKeys.wallet });
      showToast(t`Your game account is open.`, 'success');
    },
    onError: fail,
  });
  const reset = useMutation({
    mutationFn: () => resetSlotPassword(slot.code),
    onSuccess: (creds) => {
      queryClient.setQueryData(walletKeys.credentials(slot.code), creds);
      showToast(t`A new game password is set.`, 'success');
    },
    onError: fail,
  });
  const play = useMutation({
    mutationFn: async () => {
      if (AUTO_LOGIN.has(slot.code) && credentials.data)
        return (await autoLoginLink(slot.code, credentials.data.username, credentials.data.password)).link;
      if (!slot.web) throw new Error('NO_GAME');
      return slot.web;
    },
    onSuccess: (link) => {
      if (NEW_TAB) window.open(link, '_blank', 'noopener');
      else window.location.assign(link);
    },
    onError: fail,
  });

  const name = slot.name;
  const amount = moneyText(slot.amount);
  const offline = !online ? t`You are offline: this needs the internet.` : '';
  return (
    <Modal title={name} onClose={onClose} closeLabel={t`Close`}>
      {!slot.isActive ? (
        <div className="form">
          <p>{t`You have no ${name} account yet.`}</p>
          <button type="button" className="button primary block" disabled={!online || activate.isPending} onClick={() => activate.mutate()}>
            {activate.isPending ? t`Opening…` : t`Open an account`}
          </button>
          {offline && <p className="hint">{offline}</p>}
        </div>
      ) : (
        <div className="form">
          <p className="balance-line">{t`Balance ${amount}`}</p>
          {credentials.data ? (
            <dl className="details">
              <div>
                <dt>{t`Username`}</dt>
                <dd className="mono">{credentials.data.username}</dd>
              </div>
              <div>
                <dt>{t`Password`}</dt>
                <dd className="mono">{credentials.data.password}</dd>
              </div>
            </dl>
          ) : (
            <p className="muted">{credentials.error ? errorMessage(i18n, credentials.error.message) : offline || t`Loading…`}</p>
          )}
          <div className="button-grid">
            <button type="button" className="button" disabled={!online || reset.isPending} onClick={() => reset.mutate()}>
              {t`Reset password`}
            </button>
            <button type="button" className="button" disabled={!online} onClick={() => onTransfer('WALLET', slot.code)}>
              {t`Transfer in`}
            </button>
            <button type="button" className="button" disabled={!online || slot.amount <= 0} onClick={() => onTransfer(slot.code, 'WALLET')}>
              {t`Transfer out`}
            </button>
          </div>
          <button type="button" className="button primary block" disabled={!online || play.isPending} onClick={() => play.mutate()}>
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
