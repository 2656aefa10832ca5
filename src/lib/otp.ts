import type { Message } from '../../contract/message';
import type { OtpVerifyBody } from '../../contract/otp';
import { api } from './api';

/** §7 POST /api/otp/verify: the one check of a texted code, for registration and for a forgotten password alike. */
export const verifyOtp = (body: OtpVerifyBody) => api<Message>('/api/otp/verify', { body });
