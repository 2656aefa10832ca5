import { queryOptions } from '@tanstack/react-query';
import type { PushKey, PushPreference } from '../../../contract/push';
import { api } from '../api';
import { getMember } from '../auth-token';
import { currentLocale } from '../i18n';
import { readKey, writeKey } from '../storage';

/**
 * Web Push on this device (issue 38): asked for only after the member's first deposit or first chat
 * (`markPushOfferDue`), turned on and off in the profile. The subscription belongs to the device; the
 * server keeps it for whoever is signed in on it, writes its notifications in the app's language, and a
 * sign-out ends it there. Above the devices, the member's own choice (`pushPreferenceQuery`): off, none
 * of their devices is told.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The app's service worker registration on this device now, if it has one. */
async function registrationNow(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  return (await navigator.serviceWorker.getRegistration()) ?? undefined;
}

/** How long a page with no service worker yet waits for the app's to be ready before it counts as none. */
export const READY_WAIT_MS = 20_000;

/**
 * The registration, for what needs one to show or do something (the profile's switch, turning push on).
 * The app registers its service worker once the page's own start is over (lib/sw-update.ts): on a first
 * visit it is not there in the first seconds, so it is waited for; none in that time (private mode, an
 * install that failed): no push on this page load.
 */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  const now = await registrationNow();
  if (now) return now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const none = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), READY_WAIT_MS)));
  return Promise.race([navigator.serviceWorker.ready, none]).finally(() => clearTimeout(timer));
}

/**
 * This device's subscription, if it has one: none without a registration now (a subscription is a
 * registration's), so signing out or a language change never waits for a worker still to come.
 */
async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registrationNow())?.pushManager.getSubscription().catch(() => null)) ?? null;
}

/** Whether this device can be told, has been refused by the member, or is told now. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (!(await registration())) return 'unsupported';
  const subscription = await currentSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

const keysOf = (subscription: PushSubscription) => {
  const json = subscription.toJSON() as { endpoint?: string; keys?: { p256dh?: string; auth?: string } };
  return { endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
};

/** Whose the device's subscription is (the phone signed in when it was turned on). */
const OWNER_KEY = 'push-device-member';

/** Tells the server this device's subscription, for the member signed in (in this session), in the app's language. */
async function register(subscription: PushSubscription): Promise<void> {
  await api('/api/push/subscription', { method: 'PUT', body: { ...keysOf(subscription), lang: currentLocale() } });
  await writeKey(OWNER_KEY, getMember());
}

/**
 * Asks the browser (its permission prompt, at the member's tap), subscribes with the server's key and
 * registers the device. Answers the state it ended in: 'denied' when the member said no.
 */
export async function turnPushOn(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await api<PushKey>('/api/push/key');
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  await register(subscription);
  return 'on';
}

/** This device is told no more: the server forgets it, then the browser's subscription ends. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await api('/api/push/unsubscribe', { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe().catch(() => undefined);
  }
  return 'off';
}

/**
 * Keeps the server's copy current when it may have changed: a new sign-in (the server sends only while the
 * session a device subscribed in is alive, so the same member's new session takes it over), the app's
 * language switched. A device another member turned on is theirs, not this member's, who never asked for
 * it: it is ended, and this member may turn it on for themselves. Nothing when the device is not subscribed.
 */
export async function refreshPushSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  if ((await readKey<string>(OWNER_KEY)) === getMember()) return void (await register(subscription).catch(() => undefined));
  await api('/api/push/unsubscribe', { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => undefined);
}

/** Signing out: the device stops being told of this member's money (best effort; the token is still held). */
export async function forgetPushOnSignOut(): Promise<void> {
  if (!pushSupported()) return;
  const subscription = await currentSubscription();
  if (subscription) await api('/api/push/unsubscribe', { body: { endpoint: subscription.endpoint }, react: false }).catch(() => undefined);
}

/** Whether the member wants notifications at all, on any of their devices (the server's copy). */
export const pushPreferenceQuery = () =>
  queryOptions({ queryKey: ['push', 'preference'] as const, queryFn: () => api<PushPreference>('/api/push/preference') });

/** The member turns notifications on or off for their account (every device they turned them on). */
export const savePushPreference = (on: boolean) => api<PushPreference>('/api/push/preference', { method: 'PUT', body: { on } });

const offerKey = () => `push-offer:${getMember()}`;

/** After the member's first deposit or first chat message: the app may offer notifications (once, until answered). */
export async function markPushOfferDue(): Promise<void> {
  if (!getMember() || !pushSupported()) return;
  if ((await readKey<string>(offerKey())) !== undefined) return;
  await writeKey(offerKey(), 'due');
  // the signed-in shell's offer, already drawn, shows it now (not at the next opening)
  window.dispatchEvent(new Event(PUSH_OFFER_DUE));
}

/** The window's event when the offer has just become due on this device. */
export const PUSH_OFFER_DUE = 'wallet:push-offer-due';

/** Whether the offer is due for this member on this device: earned, never answered, and the browser has not been asked. */
export async function pushOfferDue(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'default') return false;
  return (await readKey<string>(offerKey())) === 'due';
}

/** The member answered the offer (turned on, or "not now"): it is not shown again; the profile keeps the switch. */
export const pushOfferAnswered = () => writeKey(offerKey(), 'answered');
