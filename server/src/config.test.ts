import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../test/spawn-server.js';
import { ConfigError, DEMO_SECRETS, demoSecretWarnings, loadConfig, productionProblems, PUSH_SERVICES } from './config.js';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, variant: 'th', databaseUrl: undefined, timeZone: 'Asia/Bangkok' });
    expect(config.sweepEveryMs).toBe(60_000);
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/x',
      VARIANT: 'la',
      DATABASE_URL: 'postgres://u:p@h/db',
      SESSION_IDLE_MINUTES: '30',
      TIME_ZONE: 'Asia/Vientiane',
      SWEEP_EVERY_MS: '3000',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/x',
      variant: 'la',
      databaseUrl: 'postgres://u:p@h/db',
      sessionIdleMinutes: 30,
      timeZone: 'Asia/Vientiane',
      sweepEveryMs: 3000,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number, got "abc"'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535, got 70000'],
    [{ VARIANT: 'vn' }, 'VARIANT must be one of th, la, got "vn"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL, got "mysql://x"'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ SESSION_ABSOLUTE_HOURS: '0' }, 'SESSION_ABSOLUTE_HOURS must be between 1'],
    [{ GAME_SECRET_KEY: 'abc123' }, 'GAME_SECRET_KEY must be 32 bytes'],
    [{ PUBLIC_URL: 'wallet.example' }, 'PUBLIC_URL must be an http(s) URL'],
    [{ PUBLIC_URL: 'javascript:alert(1)' }, 'PUBLIC_URL must be an http(s) URL'],
    [{ PUBLIC_URL: 'https://wallet.example/?x=1' }, 'PUBLIC_URL must be an http(s) URL'],
    [{ GAME_SECRET_KEY: 'z'.repeat(64) }, 'GAME_SECRET_KEY must be 32 bytes'],
    [{ TIME_ZONE: 'Bangkok' }, 'TIME_ZONE must be an IANA time zone such as Asia/Bangkok, got "Bangkok"'],
    [{ TRUST_PROXY: 'true' }, "TRUST_PROXY=true would take the client's own X-Forwarded-For as its address: give the number of proxies"],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be false, a number or addresses'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY must be false, a number or addresses'],
    // as wide as `true`: every address, the client's own X-Forwarded-For included
    [{ TRUST_PROXY: '0.0.0.0/0' }, 'TRUST_PROXY must be false, a number or addresses'],
    [{ TRUST_PROXY: '127.0.0.1,::/0' }, 'TRUST_PROXY must be false, a number or addresses'],
    [{ TRUST_PROXY: '2000::/3' }, 'TRUST_PROXY must be false, a number or addresses'],
    [{ TRUST_PROXY: '127.0.0.1,proxy.example' }, 'TRUST_PROXY must be false, a number or addresses'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY must be between 1 and 10 proxies, got 11'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be at least 16 characters'],
    [{ DATABASE_POOL_MAX: '1' }, 'DATABASE_POOL_MAX'],
    [{ SWEEP_EVERY_MS: '10' }, 'SWEEP_EVERY_MS must be between 1000'],
  ])('stops on %j with a clear message', (env, text) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  });

  it('takes TRUST_PROXY as false, a number of proxies, or their addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('takes GAME_SECRET_KEY as 64 hex digits or base64', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ GAME_SECRET_KEY: key.toString('hex') }).gameSecretKey).toEqual(key);
    expect(loadConfig({ GAME_SECRET_KEY: key.toString('base64') }).gameSecretKey).toEqual(key);
    expect(loadConfig({}).gameSecretKey).toBeUndefined();
  });

  it('takes the Web Push key pair all three or none, and the push services production may post to', () => {
    const pair = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'k'.repeat(43), VAPID_SUBJECT: 'mailto:ops@wallet.example' };
    expect(loadConfig(pair).vapid).toEqual({ publicKey: 'B'.repeat(87), privateKey: 'k'.repeat(43), subject: 'mailto:ops@wallet.example' });
    expect(loadConfig({}).vapid).toBeUndefined();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow('Web Push needs VAPID_PRIVATE_KEY, VAPID_SUBJECT');
    expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: 'short' })).toThrow('VAPID_PUBLIC_KEY must be a base64url P-256 public key');
    expect(() => loadConfig({ ...pair, VAPID_SUBJECT: 'ops@wallet.example' })).toThrow(
      'VAPID_SUBJECT must be a mailto: address or an https: URL',
    );
    // the browsers' push services by default; any (a local one in tests) only when asked, never in production
    expect(loadConfig({}).pushServiceHosts).toEqual(PUSH_SERVICES);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: '*' }).pushServiceHosts).toBeUndefined();
    expect(() => loadConfig({ ...(PRODUCTION_ENV as Record<string, string>), PUSH_SERVICE_HOSTS: '*' })).toThrow('PUSH_SERVICE_HOSTS is *');
    expect(loadConfig({ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com, *.push.example' }).pushServiceHosts).toEqual([
      'fcm.googleapis.com',
      '*.push.example',
    ]);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'https://fcm.googleapis.com' })).toThrow('PUSH_SERVICE_HOSTS must be host names');
  });

  it('takes PUBLIC_URL without a trailing slash, and defaults it to this machine and PORT', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://wallet.example/' }).publicUrl).toBe('https://wallet.example');
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/wallet/' }).publicUrl).toBe('https://example.com/wallet');
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://127.0.0.1:9000');
  });

  describe('production (NODE_ENV=production)', () => {
    // a production server's environment, as the tests that start one give it
    const real = PRODUCTION_ENV as Record<string, string>;

    it('starts with every secret set and none a demo default', () => {
      const config = loadConfig(real);
      expect(config.production).toBe(true);
      expect(productionProblems(config, real)).toEqual([]);
      expect(loadConfig({}).production).toBe(false);
    });

    it('names each variable missing or still the demo default, one line each', () => {
      const env = { NODE_ENV: 'production', QR_CALLBACK_SECRET: DEMO_SECRETS.QR_CALLBACK_SECRET };
      const lines = productionProblems({ ...loadConfig({}), production: true }, env);
      expect(lines).toEqual([
        'QR_CALLBACK_SECRET is the demo default: set a secret of at least 16 characters (openssl rand -hex 32)',
        'GIFTLINK_SECRET is not set (the demo default would be used): set a secret of at least 16 characters (openssl rand -hex 32)',
        'GAME_SECRET_KEY is not set: set the same 32-byte key on every instance (openssl rand -hex 32)',
        'SMS_PROVIDER is log (one-time codes would go to the log and never reach members): set thaibulksms or twilio',
        "SLIP_VERIFIER is sandbox (slips would be checked against the sandbox bank's books, which the operator's slip maker writes): set easyslip",
        "PAYMENT_GATEWAY is sandbox (its QR codes are paid by the operator's qr pay, not by a bank): set opn",
        "GAME_PROVIDER is sandbox (the games would be the sandbox provider's, its books in our database): set http, with GAME_PROVIDER_URL and GAME_PROVIDER_SECRET of the bridge",
        'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set (Web Push would be signed with a key pair of one machine): make a pair with npx web-push generate-vapid-keys and give every instance the same',
      ]);
      expect(() => loadConfig(env)).toThrow(new ConfigError(lines.join('\n')));
    });

    it('takes EasySlip as the slip verifier with its key, and names what it lacks', () => {
      expect(loadConfig(real)).toMatchObject({
        slipVerifier: 'easyslip',
        easyslip: { apiKey: real.EASYSLIP_API_KEY, baseUrl: 'https://developer.easyslip.com/api/v1' },
      });
      expect(loadConfig({ ...real, EASYSLIP_BASE_URL: 'http://127.0.0.1:9/api/v1/' }).easyslip?.baseUrl).toBe('http://127.0.0.1:9/api/v1');
      expect(() => loadConfig({ ...real, EASYSLIP_API_KEY: '' })).toThrow('SLIP_VERIFIER=easyslip needs EASYSLIP_API_KEY');
      expect(() => loadConfig({ ...real, SLIP_VERIFIER: 'slipok' })).toThrow('SLIP_VERIFIER must be one of sandbox, easyslip');
      // outside production the sandbox bank is the default
      expect(loadConfig({})).toMatchObject({ slipVerifier: 'sandbox', easyslip: undefined });
    });

    it('takes Opn as the payment gateway with its secret key, and names what it lacks', () => {
      expect(loadConfig(real)).toMatchObject({
        paymentGateway: 'opn',
        opn: { secretKey: real.OPN_SECRET_KEY, baseUrl: 'https://api.omise.co' },
      });
      expect(loadConfig({ ...real, OPN_BASE_URL: 'http://127.0.0.1:9/' }).opn?.baseUrl).toBe('http://127.0.0.1:9');
      expect(() => loadConfig({ ...real, OPN_SECRET_KEY: '' })).toThrow('PAYMENT_GATEWAY=opn needs OPN_SECRET_KEY');
      // a test key in production: Opn's test dashboard would mark charges paid
      expect(() => loadConfig({ ...real, OPN_SECRET_KEY: 'skey_test_5z0x' })).toThrow('OPN_SECRET_KEY is a test key');
      expect(() => loadConfig({ ...real, PAYMENT_GATEWAY: 'stripe' })).toThrow('PAYMENT_GATEWAY must be one of sandbox, opn');
      // the sandbox gateway's callback secret is not served under Opn: production does not ask for it
      expect(loadConfig({ ...real, QR_CALLBACK_SECRET: '' }).production).toBe(true);
      expect(loadConfig({})).toMatchObject({ paymentGateway: 'sandbox', opn: undefined });
    });

    it('takes a game bridge with its address and secret, and names what it lacks', () => {
      expect(loadConfig(real)).toMatchObject({
        gameProvider: 'http',
        gameBridge: { url: 'https://bridge.example/wallet/v1', secret: real.GAME_PROVIDER_SECRET, sandbox: false },
      });
      // the sandbox bridge npm start runs says so, and production refuses it
      expect(() => loadConfig({ ...real, GAME_PROVIDER_SANDBOX: '1' })).toThrow(
        'GAME_PROVIDER_SANDBOX=1: the bridge at GAME_PROVIDER_URL is the sandbox',
      );
      expect(loadConfig({ ...real, NODE_ENV: 'staging', GAME_PROVIDER_SANDBOX: '1' }).gameBridge?.sandbox).toBe(true);
      expect(() => loadConfig({ ...real, GAME_PROVIDER_URL: '' })).toThrow('GAME_PROVIDER=http needs GAME_PROVIDER_URL');
      expect(() => loadConfig({ ...real, GAME_PROVIDER_SECRET: '' })).toThrow('GAME_PROVIDER=http needs GAME_PROVIDER_SECRET');
      expect(() => loadConfig({ ...real, GAME_PROVIDER_SECRET: 'short' })).toThrow('GAME_PROVIDER_SECRET must be at least 16 characters');
      expect(() => loadConfig({ ...real, GAME_PROVIDER_URL: 'bridge.example' })).toThrow('GAME_PROVIDER_URL must be an http(s) URL');
      // game passwords cross that line: TLS, or this machine
      expect(() => loadConfig({ ...real, GAME_PROVIDER_URL: 'http://bridge.example/v1' })).toThrow(
        'GAME_PROVIDER_URL is plain http to another machine',
      );
      expect(() => loadConfig({ ...real, GAME_PROVIDER_URL: 'http://127.0.0.1.evil.example/v1' })).toThrow('plain http');
      expect(loadConfig({ ...real, GAME_PROVIDER_URL: 'http://127.0.0.1:9080/v1' }).gameBridge?.url).toBe('http://127.0.0.1:9080/v1');
      expect(() => loadConfig({ ...real, GAME_PROVIDER: 'sandbox' })).toThrow('GAME_PROVIDER is sandbox');
      // outside production the in-process sandbox is the default
      expect(loadConfig({})).toMatchObject({ gameProvider: 'sandbox', gameBridge: undefined });
    });

    it('takes a real SMS gateway with its settings, and names what one lacks', () => {
      expect(loadConfig(real)).toMatchObject({
        smsProvider: 'thaibulksms',
        thaibulksms: { apiKey: 'key', apiSecret: 'secret', sender: 'WALLET', baseUrl: 'https://api-v2.thaibulksms.com' },
      });
      const twilio = {
        ...real,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 't',
        TWILIO_FROM: '+1500',
        TWILIO_BASE_URL: 'http://127.0.0.1:9',
      };
      expect(loadConfig(twilio).twilio).toEqual({ accountSid: 'AC1', authToken: 't', from: '+1500', baseUrl: 'http://127.0.0.1:9' });
      expect(() => loadConfig({ ...real, THAIBULKSMS_SENDER: '' })).toThrow('SMS_PROVIDER=thaibulksms needs THAIBULKSMS_SENDER');
      expect(() => loadConfig({ ...real, SMS_PROVIDER: 'twilio' })).toThrow(
        'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM',
      );
      expect(() => loadConfig({ ...real, SMS_PROVIDER: 'carrier-pigeon' })).toThrow('SMS_PROVIDER must be one of log, thaibulksms, twilio');
      expect(() => loadConfig({ ...real, THAIBULKSMS_BASE_URL: 'ftp://x' })).toThrow('THAIBULKSMS_BASE_URL must be an http(s) URL');
      // outside production the log sender is the default
      expect(loadConfig({}).smsProvider).toBe('log');
    });

    it.each([
      [{ GIFTLINK_SECRET: DEMO_SECRETS.GIFTLINK_SECRET }, ['GIFTLINK_SECRET is the demo default']],
      [{ GIFTLINK_SECRET: 'short' }, ['GIFTLINK_SECRET is shorter than 16 characters']],
      [{ GAME_SECRET_KEY: '' }, ['GAME_SECRET_KEY is not set']],
      [{ QR_CALLBACK_SECRET: '', PAYMENT_GATEWAY: 'sandbox' }, ['QR_CALLBACK_SECRET is not set', 'PAYMENT_GATEWAY is sandbox']],
    ])('refuses %j', (change, starts) => {
      const env = { ...real, ...change };
      let message = '';
      try {
        loadConfig(env);
      } catch (err) {
        message = (err as ConfigError).message;
      }
      const lines = message.split('\n');
      expect(lines).toHaveLength(starts.length);
      starts.forEach((start, i) => expect(lines[i]).toMatch(new RegExp(`^${start}`)));
    });

    it('outside production: one DEMO SECRET warning per demo secret in use', () => {
      expect(demoSecretWarnings(loadConfig({}))).toEqual([
        expect.stringMatching(/^DEMO SECRET: QR_CALLBACK_SECRET is the public demo default/),
        expect.stringMatching(/^DEMO SECRET: GIFTLINK_SECRET is the public demo default/),
      ]);
      expect(demoSecretWarnings(loadConfig({ GIFTLINK_SECRET: real.GIFTLINK_SECRET }))).toHaveLength(1);
      expect(demoSecretWarnings(loadConfig({ ...real, NODE_ENV: 'development' }))).toEqual([]);
    });
  });
});
