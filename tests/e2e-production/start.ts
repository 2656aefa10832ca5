// The production-mode e2e run's servers (playwright.production.config.ts): local fakes of ThaiBulkSMS,
// EasySlip and Opn Payments (the same the server tests use: server/test/*-fake*.ts), the sandbox game
// bridge as a process of its own (it speaks the game-provider protocol, docs/game-provider-protocol.md, as
// an aggregator's bridge would), a control port the spec drives them through, and the wallet server in
// production (NODE_ENV=production) pointed at them.
import { execFile, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { generate } from 'promptparse';
import { drawSlip } from '../../server/src/adapters/slip/slip-image';
import { SENDING_BANK, maskAccount, maskSenderName } from '../../server/src/adapters/slip/bank';
import { fakeEasySlip } from '../../server/test/easyslip-fake';
import { fakeOpn } from '../../server/test/opn-fake';
import { fakeThaiBulkSms } from '../../server/test/sms-fakes';
import { ensureServerBuilt, GAME_SANDBOX } from '../../scripts/build-server.mjs';

const port = Number(process.env.PORT);
const controlPort = Number(process.env.E2E_PROD_CONTROL_PORT);
const wallet = `http://127.0.0.1:${port}`;

const sms = await fakeThaiBulkSms('e2e-key', 'e2e-secret');
// a live key: production refuses a test one, and the fake then makes live charges
const opn = await fakeOpn('skey_5z0e2eproductionlivekey');
const easyslip = await fakeEasySlip();

// the sandbox game provider, a process of its own with its own books (never the wallet's database)
const gamesPort = controlPort + 1;
const gamesUrl = `http://127.0.0.1:${gamesPort}`;
const GAME_SECRET = 'e2e-production-game-bridge-secret';
await ensureServerBuilt();
const games = spawn(process.execPath, [GAME_SANDBOX], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    GAME_PROVIDER_SECRET: GAME_SECRET,
    GAME_SANDBOX_PORT: String(gamesPort),
    GAME_SANDBOX_PUBLIC_URL: gamesUrl,
    GAME_SANDBOX_BOOKS: path.join(process.env.DATA_DIR ?? 'test-results/e2e-prod-data', 'game-sandbox', 'books.jsonl'),
  },
});
// the bridge answers before the wallet starts: a member's first game is never its start-up's
await (async () => {
  for (;;) {
    if (games.exitCode !== null) throw new Error(`the game sandbox exited with ${games.exitCode}`);
    const up = await fetch(`${gamesUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();

/** The production server's environment, and its operator's. */
const production: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PUBLIC_URL: wallet,
  QR_CALLBACK_SECRET: 'e2e-production-callback-secret',
  GIFTLINK_SECRET: 'e2e-production-giftlink-secret',
  GAME_SECRET_KEY: '5'.repeat(64),
  // the e2e's own key pair (public in this repository: never a real server's)
  VAPID_PUBLIC_KEY: 'BHgqMUyRnMNCUCC3DyiSAg2Pe0XXkACIHvg8aBwgvvxCs7Lka4M4Xx2lAeeAVwNtNLegIrcw2DKzYEVIyjkEs28',
  VAPID_PRIVATE_KEY: 'b-gwIWq0z4yFigtdOau4jTPJ6DDkihZdBSGSn5otaIU',
  VAPID_SUBJECT: 'mailto:operator@wallet.example',
  SMS_PROVIDER: 'thaibulksms',
  THAIBULKSMS_API_KEY: 'e2e-key',
  THAIBULKSMS_API_SECRET: 'e2e-secret',
  THAIBULKSMS_SENDER: 'WALLET',
  THAIBULKSMS_BASE_URL: sms.url,
  SLIP_VERIFIER: 'easyslip',
  EASYSLIP_API_KEY: easyslip.key,
  EASYSLIP_BASE_URL: easyslip.url,
  PAYMENT_GATEWAY: 'opn',
  OPN_SECRET_KEY: opn.secretKey,
  OPN_BASE_URL: opn.url,
  GAME_PROVIDER: 'http',
  GAME_PROVIDER_URL: `${gamesUrl}/v1`,
  GAME_PROVIDER_SECRET: GAME_SECRET,
};

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const bodyOf = (req: http.IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => resolve(raw ? JSON.parse(raw) : undefined));
  });

const control = http.createServer((req, res) => {
  void (async () => {
    const url = new URL(req.url ?? '/', 'http://control');
    // the texts ThaiBulkSMS was given for a number (international digits, as the wallet sends them)
    if (req.method === 'GET' && url.pathname === '/sms')
      return json(
        res,
        200,
        sms.sent.filter((m) => m.msisdn === url.searchParams.get('msisdn')).map((m) => m.message),
      );
    // a customer pays the charge of one of our codes; Opn then delivers its webhook to the wallet
    if (req.method === 'POST' && url.pathname === '/opn/pay') {
      const { ref } = (await bodyOf(req)) as { ref: string };
      const charge = [...opn.charges.values()].find((c) => c.metadata.ref === ref);
      if (!charge) return json(res, 404, { message: 'no charge of that code' });
      opn.pay(charge.id);
      const delivered = await fetch(`${wallet}/api/callbacks/opn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(opn.event(charge.id)),
      });
      return json(res, 200, { status: delivered.status, body: await delivered.json() });
    }
    // a transfer the banks know, as EasySlip will answer it, and its slip's image
    if (req.method === 'POST' && url.pathname === '/easyslip/transfer') {
      const t = (await bodyOf(req)) as {
        fromBank: string;
        fromAccount: string;
        fromName: string;
        toBank: string;
        toAccount: string;
        baht: number;
      };
      const sendingBank = SENDING_BANK[t.fromBank]!;
      const transRef = `016333${Date.now()}`.slice(0, 20);
      const payload = generate.slipVerify({ sendingBank, transRef });
      easyslip.slips.set(payload, {
        payload,
        transRef,
        amount: t.baht,
        // sent now: after the member registered (an account is the sender's only for transfers made since)
        date: new Date().toISOString(),
        sender: { bankId: sendingBank, short: t.fromBank, account: maskAccount(t.fromAccount), nameTh: maskSenderName(t.fromName) },
        receiver: { bankId: SENDING_BANK[t.toBank]!, short: t.toBank, account: maskAccount(t.toAccount) },
      });
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(await drawSlip(payload));
    }
    // an operator command on the production server's database, as its operator runs it
    if (req.method === 'POST' && url.pathname === '/operator') {
      const { args } = (await bodyOf(req)) as { args: string[] };
      return execFile(process.execPath, ['scripts/operator.mjs', ...args], { env: production }, (err, stdout, stderr) =>
        err ? json(res, 500, { message: `${err.message}\n${stderr}` }) : json(res, 200, { out: stdout }),
      );
    }
    json(res, 404, { message: 'unknown control call' });
  })().catch((err: unknown) => json(res, 500, { message: String(err) }));
});
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));

const server = spawn(process.execPath, ['scripts/start.mjs', '--server-only'], {
  stdio: 'inherit',
  env: production,
});
const stop = (signal: NodeJS.Signals) => {
  server.kill(signal);
  games.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  games.kill('SIGTERM');
  void Promise.all([sms.close(), opn.close(), easyslip.close()]).finally(() => {
    control.close();
    process.exit(code ?? 0);
  });
});
