import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { ThaiBulkSmsSender, TwilioSmsSender } from './providers.js';
import { LogSmsSender, type SmsSender } from './sender.js';

/**
 * The SMS sender SMS_PROVIDER names: a real gateway, or the log (development; production refuses it). A
 * gateway named without its settings is an error, never the log: that would write the codes there.
 */
export function smsSenderOf(config: Config, log: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  const common = { timeoutMs: config.providerTimeoutMs, variant: config.variant };
  const settingsOf = <T>(settings: T | undefined) => {
    if (!settings) throw new Error(`SMS_PROVIDER=${config.smsProvider} without its settings`);
    return settings;
  };
  switch (config.smsProvider) {
    case 'thaibulksms':
      return new ThaiBulkSmsSender({ ...settingsOf(config.thaibulksms), ...common });
    case 'twilio':
      return new TwilioSmsSender({ ...settingsOf(config.twilio), ...common });
    case 'log':
      return new LogSmsSender(log);
  }
}
