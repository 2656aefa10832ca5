import { initialState } from './reducer';
import type { OtpRequest, RegisterState, Step } from './types';

/**
 * Registration survives a reload of the tab (sessionStorage, key `register-progress`): the step,
 * phone, OTP request (its token is needed to register) and profile, never the password. A member
 * who reloads on the bank step comes back to the profile step to type the password again.
 */
const KEY = 'register-progress';

interface Saved {
  step: Step;
  phone: string;
  otp: OtpRequest | null;
  profile: { name: string; sourceCode: string; inviteCode: string };
}

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // blocked: registration still works, it just forgets on reload
  }
}

export function saveProgress(state: RegisterState): void {
  if (state.step === 'phone' && !state.phone) return;
  const { name, sourceCode, inviteCode } = state.profile;
  const saved: Saved = { step: state.step, phone: state.phone, otp: state.otp, profile: { name, sourceCode, inviteCode } };
  try {
    storage()?.setItem(KEY, JSON.stringify(saved));
  } catch {
    // full or blocked: see storage()
  }
}

export function clearProgress(): void {
  storage()?.removeItem(KEY);
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The saved registration, or a fresh one; `inviteCode` (from the link) fills an empty invite code. */
export function restoreProgress(inviteCode: string): RegisterState {
  const fresh = initialState(inviteCode);
  let saved: Partial<Saved> | null = null;
  try {
    saved = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<Saved> | null;
  } catch {
    saved = null;
  }
  if (!saved || typeof saved !== 'object' || !text(saved.phone)) return fresh;
  const otp =
    saved.otp && typeof saved.otp === 'object' && text(saved.otp.token)
      ? { ref: text(saved.otp.ref), token: text(saved.otp.token), verified: saved.otp.verified === true }
      : null;
  const step: Step = saved.step === 'otp' && otp ? 'otp' : saved.step === 'profile' || saved.step === 'bank' ? 'profile' : 'phone';
  return {
    step,
    phone: text(saved.phone),
    otp,
    profile: {
      ...fresh.profile,
      name: text(saved.profile?.name),
      sourceCode: text(saved.profile?.sourceCode),
      inviteCode: text(saved.profile?.inviteCode) || inviteCode,
    },
  };
}
