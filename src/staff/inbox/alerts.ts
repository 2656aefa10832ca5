/**
 * How the inbox calls an agent (issue 24): a short tone, the count in the tab's title, and a desktop
 * notification where the agent allowed them. The tone is made by the browser (no file to load) and can be
 * turned off; the choice stays on this device.
 */
const SOUND_KEY = 'staff-inbox-sound';

export function soundOn(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setSoundOn(on: boolean): void {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // storage refused: the choice lasts this visit only... and is lost; the default (on) stays
  }
}

let audio: AudioContext | undefined;

/** Two short notes; silent where the browser allows no sound yet (before the first click) or has none. */
export function chime(): void {
  if (!soundOn() || typeof AudioContext === 'undefined') return;
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    const start = audio.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.2, start + i * 0.15 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.15 + 0.14);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + i * 0.15);
      tone.stop(start + i * 0.15 + 0.15);
    }
  } catch {
    // no sound here: the title and the list still say it
  }
}

/** Whether desktop notifications can be asked for here, and what the agent said. */
export function notificationState(): 'unsupported' | NotificationPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

export async function askNotifications(): Promise<'unsupported' | NotificationPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/** A desktop notification of a customer's message, while the console is not in view. */
export function notify(title: string, body: string, tag: string): void {
  if (notificationState() !== 'granted' || document.visibilityState === 'visible') return;
  try {
    new Notification(title, { body, tag });
  } catch {
    // some browsers allow notifications only from a service worker: the title and tone still call
  }
}

/** The tab's title with the number of conversations that wait: "(3) Staff console". */
export function titled(base: string, waiting: number): string {
  return waiting > 0 ? `(${waiting}) ${base}` : base;
}
