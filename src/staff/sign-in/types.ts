import type { StaffPasswordBody, StaffSignInBody, StaffTotpBody } from '../../../contract/staff';

/** One step of the sign-in as the page sends it; its answer names the next. */
export type StepCall =
  | { path: '/api/staff/auth/sign-in'; body: StaffSignInBody }
  | { path: '/api/staff/auth/password'; body: StaffPasswordBody }
  | { path: '/api/staff/auth/totp'; body: StaffTotpBody };

export interface StepProps {
  send: (call: StepCall) => void;
  /** A call is under way, or the network is gone: the step's button waits. */
  busy: boolean;
}
