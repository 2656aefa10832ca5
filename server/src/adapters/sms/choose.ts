import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { ThaiBulkSmsSender, TwilioSmsSender } from './providers.js';
import { LogSmsSender, type SmsSender } from './sender.js';

/** The SMS sender SMS_PROVIDER names: a real gateway, or the log (development; production refuses it). */
export function smsSenderOf(config: Config, log: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  const common = { timeoutMs: config.providerTimeoutMs, variant: config.variant };
  if (config.smsProvider === 'thaibulksms' && config.thaibulksms) return new ThaiBulkSmsSender({ ...config.thaibulksms, ...common });
  if (config.smsProvider === 'twilio' && config.twilio) return new TwilioSmsSender({ ...config.twilio, ...common });
  return new LogSmsSender(log);
}
