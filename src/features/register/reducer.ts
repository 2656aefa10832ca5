import type { RegisterAction, RegisterState, Step } from './types';

export function initialState(inviteCode: string): RegisterState {
  return {
    step: 'phone',
    phone: '',
    otp: null,
    profile: { name: '', password: '', confirm: '', sourceCode: '', inviteCode },
  };
}

/** The token that proves the phone to the registration calls, once its OTP was verified. */
export const verifiedToken = (state: RegisterState) => (state.otp?.verified ? state.otp.token : undefined);

/** §4 registration: phone, OTP (only when one was sent), profile, bank. */
export function registerReducer(state: RegisterState, action: RegisterAction): RegisterState {
  switch (action.type) {
    case 'restore':
      return action.state;
    case 'phoneDone':
      return { ...state, phone: action.phone, otp: action.otp, step: action.otp && !action.otp.verified ? 'otp' : 'profile' };
    case 'otpDone':
      return { ...state, otp: action.otp, step: 'profile' };
    case 'profileDone':
      return { ...state, profile: action.profile, step: 'bank' };
    case 'back': {
      const previous: Record<Step, Step> = {
        phone: 'phone',
        otp: 'phone',
        profile: state.otp && !state.otp.verified ? 'otp' : 'phone',
        bank: 'profile',
      };
      return { ...state, step: previous[state.step] };
    }
  }
}
