import type { FastifyBaseLogger } from 'fastify';

/** Sends a one-time password to a phone. A real gateway implements this; the default only logs. */
export interface SmsSender {
  sendOtp(phone: string, code: string, ref: string): Promise<void>;
}

/** Writes `OTP <phone> <code>` to the server log: the sandbox for development and tests. */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: Pick<FastifyBaseLogger, 'info'>) {}

  sendOtp(phone: string, code: string, ref: string): Promise<void> {
    this.log.info({ otpRef: ref }, `OTP ${phone} ${code}`);
    return Promise.resolve();
  }
}

/** Keeps what was sent, for tests that need the code. */
export class RecordingSmsSender implements SmsSender {
  readonly sent: { phone: string; code: string; ref: string }[] = [];

  sendOtp(phone: string, code: string, ref: string): Promise<void> {
    this.sent.push({ phone, code, ref });
    return Promise.resolve();
  }

  lastCodeFor(phone: string): string | undefined {
    return this.sent.findLast((s) => s.phone === phone)?.code;
  }
}
