export type Step = 'phone' | 'otp' | 'profile' | 'bank';

export interface OtpRequest {
  ref: string;
  token: string;
  /** The code was accepted: the token now proves the phone to the registration calls. */
  verified: boolean;
}

export interface ProfileValues {
  name: string;
  password: string;
  confirm: string;
  sourceCode: string;
  inviteCode: string;
}

export interface RegisterState {
  step: Step;
  phone: string;
  otp: OtpRequest | null;
  profile: ProfileValues;
}

export type RegisterAction =
  | { type: 'phoneDone'; phone: string; otp: OtpRequest | null }
  | { type: 'otpDone'; otp: OtpRequest }
  | { type: 'profileDone'; profile: ProfileValues }
  | { type: 'back' }
  /** the steps saved before a reload, put back once the pre-rendered page is hydrated */
  | { type: 'restore'; state: RegisterState };
