import type { useSignInStep } from '../session/mutations';

export type StepCall = Parameters<ReturnType<typeof useSignInStep>['mutate']>[0];

export interface StepProps {
  send: (call: StepCall) => void;
  /** A call is under way, or the network is gone: the step's button waits. */
  busy: boolean;
}
