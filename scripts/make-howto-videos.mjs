// `node scripts/make-howto-videos.mjs [th|la]`: films the five how-to videos of /howto (public/howto/*.mp4
// and their *.webp posters; the Lao site's in public/howto/la/) from the real product. It starts its own
// server on a throw-away database (it signs in as the demo member, deposits, receives and ends a bonus:
// never point it at real data), drives Debian's Chromium through the real screens at a 360 x 640 phone
// size, in Thai on the Thai site or in Lao on the Lao site (its demo member holds kip), and has ffmpeg turn
// the screenshots into H.264 videos with each title drawn in Thai, Lao and English (the site's own first).
//
// An authoring tool, run by hand when the screens change: the videos are committed, CI never runs it.
// Needs ffmpeg (`apt-get install -y ffmpeg`) and the Thai and Lao fonts (`apt-get install -y fonts-thai-tlwg
// fonts-lao`); the Thai site's films a built site in dist/ (`node scripts/build-site.mjs`), the Lao site's
// builds its own.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, systemChromium } from './chromium.mjs';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const variant = process.argv[2] ?? 'th';
if (variant !== 'th' && variant !== 'la') {
  console.error('make-howto-videos: th or la');
  process.exit(1);
}
const lao = variant === 'la';
const outDir = path.join(root, 'public', 'howto', ...(lao ? ['la'] : []));
/** The figures filmed, in the demo member's currency (baht, or kip at the seed's 600 a baht). */
const FIGURES = lao ? { deposit: '300000', transfer: '60000', clearBelow: 600_000 } : { deposit: '500', transfer: '100', clearBelow: 1000 };
const WIDTH = 360;
const HEIGHT = 640;
/** Seconds each screenshot stays on screen. */
const SHOT = 2.4;

/**
 * Each entry's title drawn on screen, [Thai, Lao, English]: the seed's (server/src/settings/howto-setting.ts), as
 * this script's own server answers them (GET /api/lookup/howto), read once it has started.
 */
const TITLES = {};

function need(command, args, hint) {
  if (spawnSync(command, args, { stdio: 'ignore' }).status !== 0) {
    console.error(`make-howto-videos: ${command} is missing: ${hint}`);
    process.exit(1);
  }
}
need('ffmpeg', ['-version'], 'apt-get install -y ffmpeg');
const font = (pattern) => execFileSync('fc-match', ['-f', '%{file}', pattern], { encoding: 'utf8' });
const FONTS = [font('Loma:bold'), font('Phetsarath OT:bold'), font('DejaVu Sans:bold')];
if (!/loma/i.test(FONTS[0]) || !/phetsarath/i.test(FONTS[1])) {
  console.error(`make-howto-videos: Thai or Lao font missing (${FONTS.join(', ')}): apt-get install -y fonts-thai-tlwg fonts-lao`);
  process.exit(1);
}
if (!lao && !fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error('make-howto-videos: no built site in dist/: run `node scripts/build-site.mjs` first');
  process.exit(1);
}

/** The words of the site's own catalogs in its language, so the script clicks what its member sees. */
const catalog = new Map();
for (const file of fs.readdirSync(path.join(root, 'src', 'locales', variant))) {
  const po = fs.readFileSync(path.join(root, 'src', 'locales', variant, file), 'utf8');
  for (const [, id, str] of po.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) if (id && str) catalog.set(id, str);
}
const say = (english) => {
  const words = catalog.get(english);
  if (!words) throw new Error(`no words for "${english}" in src/locales/${variant}`);
  return words;
};
/** The amount field's label without its currency ("Amount ({unit})"). */
const amountLabel = () => say('Amount ({unit})').replace(/\s*\(\{unit\}\)/, '');

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'howto-videos-'));
const dataDir = path.join(work, 'data');
// the Lao site: built for it here, as its e2e run does (playwright.lao.config.ts)
const siteDir = lao ? path.join(work, 'site') : path.join(root, 'dist');
if (lao)
  execFileSync('npx', ['vite', 'build', '--outDir', siteDir, '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, VITE_VARIANT: 'la' },
    stdio: 'inherit',
  });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  VARIANT: variant,
  STATIC_DIR: siteDir,
  SETTINGS_REFRESH_MS: '200',
  LOG_LEVEL: 'warn',
};
const operator = (...args) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'server/src/operator/cli.ts', ...args], { cwd: root, env, encoding: 'utf8' });

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: root, env, stdio: 'inherit' });
const browser = await chromium.launch({ executablePath: systemChromium, args: CHROMIUM_FLAGS });
try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/api/docs/json`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 120) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  for (const [i, lang] of ['th', 'la', 'en'].entries()) {
    const { videos } = await (await fetch(`${base}/api/lookup/howto?lang=${lang}`, { headers: { 'x-wallet-client': 'member' } })).json();
    for (const { id, title } of videos) (TITLES[id] ??= [])[i] = title;
  }
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: WIDTH, height: HEIGHT },
    deviceScaleFactor: 2, // filmed sharp, scaled down by ffmpeg
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  let shots = [];
  const shot = async (seconds = SHOT) => {
    await page.waitForTimeout(400); // toasts and modals settle
    const file = path.join(work, `shot-${String(shots.length).padStart(2, '0')}-${Date.now()}.png`);
    await page.screenshot({ path: file });
    shots.push({ file, seconds });
  };
  const film = async (id) => {
    encode(id, shots);
    shots = [];
  };
  const dialog = () => page.getByRole('dialog').last();

  // 1. the wallet: register or sign in, accept the terms, the home
  await page.goto('/register');
  await shot();
  await page.goto('/login');
  await shot();
  await page.getByLabel(say('Phone number')).fill('0812345678');
  await page.getByLabel(say('Password')).fill('demo1234');
  await shot();
  operator('deposit', '0812345678', FIGURES.deposit);
  await page.getByRole('button', { name: say('Sign in'), exact: true }).click();
  await page.waitForURL('**/user/home');
  await dialog().waitFor();
  await shot();
  await dialog()
    .getByRole('button', { name: say('I accept') })
    .click();
  await dialog().waitFor({ state: 'hidden' });
  await page.locator('.balance').waitFor();
  // the deposit made for the film is news "while you were away": seen, so the films show the screens themselves
  const away = page.getByRole('region', { name: say('While you were away') });
  await away
    .getByRole('button', { name: say('OK') })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await away.waitFor({ state: 'hidden' });
  await shot();
  await page.locator('nav.widgets').evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await shot();
  await film('wallet');

  // 2. the balance: check it, the game accounts, the statement
  await page.evaluate(() => globalThis.scrollTo(0, 0));
  await shot();
  await page.getByRole('button', { name: say('Check balance') }).click();
  await page.getByRole('button', { name: say('Check balance') }).waitFor();
  await shot();
  await page
    .locator('section.carousel')
    .first()
    .evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await shot();
  await page.goto('/user/statement');
  await page.locator('main li, main tr').first().waitFor();
  await shot(SHOT + 1);
  await film('balance');

  // 3. playing: open a game account, move money in, play on the web
  await page.goto('/user/home');
  const card = page.locator('section.carousel').first().locator('button.game-card').first();
  await card.evaluate((e) => e.closest('section')?.scrollIntoView({ block: 'center' }));
  await shot();
  await card.click();
  await shot();
  await dialog()
    .getByRole('button', { name: say('Open an account') })
    .click();
  await dialog()
    .getByRole('button', { name: say('Play on the web') })
    .waitFor();
  await shot();
  await dialog()
    .getByRole('button', { name: say('Transfer in') })
    .click();
  await dialog().getByRole('textbox', { name: amountLabel() }).fill(FIGURES.transfer);
  await shot();
  await dialog()
    .getByRole('button', { name: say('Transfer'), exact: true })
    .click();
  await page.getByText(say('Transfer done.')).waitFor();
  await dialog().waitFor({ state: 'hidden' });
  await card.click();
  await dialog()
    .getByRole('button', { name: say('Play on the web') })
    .waitFor();
  await shot();
  const popup = context.waitForEvent('page', { timeout: 5_000 }).catch(() => undefined);
  await dialog()
    .getByRole('button', { name: say('Play on the web') })
    .click();
  const game = (await popup) ?? page;
  await game.waitForLoadState('load');
  await game.setViewportSize({ width: WIDTH, height: HEIGHT });
  const gameShot = path.join(work, `game-${Date.now()}.png`);
  await game.waitForTimeout(800);
  await game.screenshot({ path: gameShot });
  shots.push({ file: gameShot, seconds: SHOT + 1 });
  if (game !== page) await game.close();
  await film('playing');

  // 4. a bonus: the bonus page, a bonus's terms, a promotion code received
  await page.goto('/user/bonus');
  await page.locator('.bonus-card, [class*="bonus-card"]').first().waitFor();
  await shot();
  await page.locator('.bonus-card, [class*="bonus-card"]').first().click();
  await dialog().waitFor();
  await shot();
  await page.keyboard.press('Escape');
  await page.getByLabel(say('Promotion code')).fill('WELCOME50');
  await shot();
  await page.getByRole('button', { name: say('Search'), exact: true }).click();
  await dialog()
    .getByRole('button', { name: say('Receive'), exact: true })
    .waitFor();
  await shot();
  await dialog()
    .getByRole('button', { name: say('Receive'), exact: true })
    .click();
  await page.getByRole('button', { name: say('Cancel bonus') }).waitFor();
  await shot();
  await film('bonus');

  // 5. ending a bonus: allowed below the operator's amount (raised here, so the demo can show it: a raise is
  // proposed by one admin and approved by another, as the money policy asks)
  operator('staff', 'add', 'film-admin-1', 'admin');
  operator('staff', 'add', 'film-admin-2', 'admin');
  const raise = JSON.stringify({ clearBelow: FIGURES.clearBelow });
  const proposed = operator('settings', 'set', 'bonus', raise, '--as', 'film-admin-1', '--reason', 'the how-to film');
  const proposal = /proposal (\d+)/.exec(proposed)?.[1];
  if (!proposal) throw new Error(`the raise was not proposed: ${proposed}`);
  operator('settings', 'approve', proposal, '--as', 'film-admin-2');
  await page.waitForTimeout(600);
  await page.reload();
  await page.getByRole('button', { name: say('Cancel bonus') }).waitFor();
  await page.getByRole('region', { name: say('Your active bonus') }).evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await shot();
  await page.getByRole('button', { name: say('Cancel bonus') }).click();
  await page.getByRole('alertdialog').getByText(say('Checking your balances…')).waitFor({ state: 'hidden' });
  await shot(SHOT + 0.6);
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: say('Cancel bonus') })
    .click();
  await page.getByLabel(say('Promotion code')).waitFor();
  await shot();
  await page.goto('/user/home');
  await page.locator('.balance').waitFor();
  await shot();
  await film('end-bonus');
  await context.close();
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
fs.rmSync(work, { recursive: true, force: true });

/**
 * One video: each screenshot for its seconds, scaled to 360 x 640, the title in three languages on a
 * dark band at the bottom and the step number at the top; H.264 (High), yuv420p, a key frame every
 * second (so seeking lands quickly), moov atom first (+faststart: it starts playing before it is all
 * there). The poster is the first frame, as WebP.
 */
function encode(id, list) {
  const inputs = list.flatMap(({ file, seconds }) => ['-loop', '1', '-framerate', '30', '-t', String(seconds), '-i', file]);
  const titleFiles = TITLES[id].map((text, i) => {
    const f = path.join(work, `${id}-title-${i}.txt`);
    fs.writeFileSync(f, text);
    return f;
  });
  const scaled = list.map((_, i) => `[${i}:v]scale=${WIDTH}:${HEIGHT}:flags=lanczos,setsar=1,fps=30[s${i}]`);
  let t = 0;
  const steps = list.map(({ seconds }, i) => {
    const from = t;
    t += seconds;
    return `drawtext=text='${i + 1}/${list.length}':fontfile=${FONTS[2]}:fontsize=15:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=6:x=w-tw-12:y=12:enable='between(t,${from},${t - 0.001})'`;
  });
  // the site's own language first and largest
  const [first, second] = lao ? [1, 0] : [0, 1];
  const lines = [
    [titleFiles[first], FONTS[first], 24, 118],
    [titleFiles[second], FONTS[second], 19, 82],
    [titleFiles[2], FONTS[2], 16, 44],
  ].map(
    ([f, fontfile, size, fromBottom]) =>
      `drawtext=textfile=${f}:fontfile=${fontfile}:fontsize=${size}:fontcolor=white:x=(w-tw)/2:y=h-${fromBottom}`,
  );
  const filter = [
    ...scaled,
    `${list.map((_, i) => `[s${i}]`).join('')}concat=n=${list.length}:v=1:a=0[v]`,
    `[v]drawbox=x=0:y=ih-136:w=iw:h=136:color=0x101828@0.88:t=fill,${lines.join(',')},${steps.join(',')},fade=t=in:st=0:d=0.3,format=yuv420p[out]`,
  ].join(';');
  const mp4 = path.join(outDir, `${id}.mp4`);
  fs.mkdirSync(outDir, { recursive: true });
  const args = ['-hide_banner', '-loglevel', 'error', '-y', ...inputs, '-filter_complex', filter, '-map', '[out]'];
  const x264 = ['-c:v', 'libx264', '-profile:v', 'high', '-preset', 'slow', '-crf', '26', '-tune', 'stillimage', '-g', '30'];
  execFileSync('ffmpeg', [...args, ...x264, '-pix_fmt', 'yuv420p', '-movflags', '+faststart', mp4], { stdio: 'inherit' });
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-ss',
      '0.5',
      '-i',
      mp4,
      '-frames:v',
      '1',
      '-c:v',
      'libwebp',
      '-quality',
      '70',
      path.join(outDir, `${id}.webp`),
    ],
    {
      stdio: 'inherit',
    },
  );
  console.log(
    `${id}: ${t.toFixed(1)} s, ${(fs.statSync(mp4).size / 1024).toFixed(0)} KB, poster ${(fs.statSync(path.join(outDir, `${id}.webp`)).size / 1024).toFixed(0)} KB`,
  );
}
