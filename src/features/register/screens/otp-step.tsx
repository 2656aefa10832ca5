import { useState } from 'react';
import { OtpCodeForm } from '../../../ui/otp/otp-code-form';
import { useSendOtp, useVerifyOtp } from '../mutations';
import type { OtpRequest } from '../types';

/** §4 step 2: the code texted to the phone being registered. */
export function OtpStep({
  phone,
  otp,
  onDone,
  onBack,
}: {
  phone: string;
  otp: OtpRequest;
  onDone: (verified: OtpRequest) => void;
  onBack: () => void;
}) {
  const [request, setRequest] = useState(otp);
  const verify = useVerifyOtp();
  const resend = useSendOtp();
  return (
    <OtpCodeForm
      phone={phone}
      otpRef={request.ref}
      verify={(otpCode) => verify.mutateAsync({ otpToken: request.token, otpCode })}
      resend={() =>
        resend.mutateAsync({ phoneNumber: phone }).then((res) => setRequest({ ref: res.otpRef, token: res.otpToken, verified: false }))
      }
      onVerified={() => onDone({ ...request, verified: true })}
      onBack={onBack}
    />
  );
}
