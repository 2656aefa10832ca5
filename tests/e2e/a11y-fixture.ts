import fs from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, type BrowserContext, type Page, type Selectors } from '@playwright/test';

/**
 * The e2e accessibility gate (issue 21): axe-core checks every screen a test visits, in every page of the
 * test's own browser context, and the test fails at its end with the serious and critical findings.
 *
 * How a screen is found: an init script in each page names the screen it shows as the path plus the
 * names of the dialogs open (`role=dialog`, `<dialog open>`) at the page's width. A screen is checked the first time either
 * - the page has settled on it: a MutationObserver sees the name change (a navigation, a client-side route
 *   change, a dialog opening), waits until the page is quiet (no DOM change and no fetch in flight for
 *   500 ms, at most 5 s) and asks the test through an exposed binding; or
 * - the test is about to act on it or assert on it: a locator handler, which Playwright runs before every
 *   action and auto-waiting assertion, checks a screen not checked yet first, so a dialog the test
 *   answers at once (the terms of use) is checked before it is closed. Its locator matches only while the
 *   page shows a screen the test has not checked (the `a11y-unchecked` selector engine asks the page, which
 *   holds the names checked so far): a step on a screen already checked costs one look in the page, not a
 *   round trip through the test (that made every step of the suites about 6% slower).
 * A screen is checked once per test (a dialog closing brings back a screen already checked), and the
 * screen the test ends on once more after it has settled, so one filled in after its first check is seen.
 * Checks run one at a time (axe cannot run twice in a page); one the page navigated away from or closed
 * during the run is dropped, as the next screen is checked in its turn; any other error of a check fails
 * the test, and so does a test whose contexts showed the site's own pages with not one check done. Every page of the test's context is checked,
 * and of each context the test opens with `browser.newContext`; only the site's own pages (a game
 * provider's window is not ours to fix). Rules: WCAG 2.0/2.1/2.2 A and AA; impacts: serious, critical.
 */

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The selector engine of the gate's locator handler: `body` while the page shows a screen the test has not checked, else nothing. */
const UNCHECKED_ENGINE = 'a11y-unchecked';
function uncheckedScreenEngine() {
  const query = () => ((window as unknown as { __a11yUnchecked?: () => boolean }).__a11yUnchecked?.() ? document.body : null);
  return { query, queryAll: () => [query()].filter((el) => el !== null) };
}

let engineRegistered: Promise<void> | undefined;
/** Registers the engine with this worker's Playwright, once (before the contexts it is to work in are made). */
export function registerUncheckedEngine(playwright: { selectors: Selectors }): Promise<void> {
  return (engineRegistered ??= playwright.selectors.register(UNCHECKED_ENGINE, uncheckedScreenEngine));
}

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const GATE_IMPACTS = new Set(['serious', 'critical']);

export interface A11yFinding {
  screen: string;
  rule: string;
  impact: string;
  target: string;
  help: string;
  /** axe's own words on what is wrong with this element, first lines */
  why: string;
}

/** Runs in each page before its scripts: calls `__a11yScreen(name)` when a new screen has settled. */
function watchScreens(): void {
  const w = window as unknown as Window & {
    __a11yScreen?: (name: string) => Promise<void>;
    __a11ySettled?: () => string;
    __a11yName?: () => string;
    __a11yUnchecked?: () => boolean;
    __a11yChecked?: Set<string>;
  };
  let inFlight = 0;
  const fetchBefore = window.fetch.bind(window);
  window.fetch = (...args: Parameters<typeof fetch>) => {
    inFlight += 1;
    return fetchBefore(...args).finally(() => {
      inFlight -= 1;
    });
  };
  const visible = (el: Element) => el.getClientRects().length > 0;
  const dialogName = (el: Element) => {
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled
      ?.split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    return (el.getAttribute('aria-label') ?? byId ?? '').trim() || 'dialog';
  };
  // the width is part of the screen: one shown again at another width (the page resized) is checked again
  const screenName = () => {
    const dialogs = [...document.querySelectorAll('[role=dialog], [role=alertdialog], dialog[open]')].filter(visible);
    return `${[location.pathname, ...dialogs.map((d) => `dialog "${dialogName(d)}"`)].join(' + ')} at ${window.innerWidth} px`;
  };
  let lastChange = Date.now();
  let reported = '';
  let pendingSince = 0;
  // the screen's name once the page is quiet, else '' (the end-of-test check waits for it)
  w.__a11yName = screenName;
  // whether the screen shown now is one the test has not checked (the test gives the names it has: checkedIn)
  w.__a11yChecked = new Set();
  w.__a11yUnchecked = () => !w.__a11yChecked?.has(screenName());
  w.__a11ySettled = () => (Date.now() - lastChange >= 500 && inFlight === 0 ? screenName() : '');
  const tick = () => {
    const name = screenName();
    if (name === reported) return void (pendingSince = 0);
    if (!pendingSince) pendingSince = Date.now();
    const quiet = Date.now() - lastChange >= 500 && inFlight === 0;
    if (quiet || Date.now() - pendingSince >= 5_000) {
      reported = name;
      pendingSince = 0;
      void w.__a11yScreen?.(name);
    }
  };
  const start = () => {
    new MutationObserver(() => {
      lastChange = Date.now();
    }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
    setInterval(tick, 100);
  };
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
}

/**
 * Runs axe in the page: every finding (the gate keeps those of GATE_IMPACTS), with a selector for each
 * element. `tags`: only the rules of those tags (the gate's: WCAG_TAGS); without, every rule axe has.
 */
export async function runAxe(page: Page, { tags }: { tags?: string[] } = {}): Promise<Omit<A11yFinding, 'screen'>[]> {
  // evaluated through the debugger, outside the page's Content-Security-Policy
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ tags }) => {
      type Node = { target: unknown[]; failureSummary?: string };
      type Violation = { id: string; impact: string | null; help: string; nodes: Node[] };
      const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: Violation[] }> } }).axe;
      const only = tags ? { runOnly: { type: 'tag', values: tags } } : {};
      const { violations } = await axe.run({ ...only, resultTypes: ['violations'] });
      return violations.flatMap((v) =>
        v.nodes.map((n) => ({
          rule: v.id,
          impact: v.impact ?? '',
          help: v.help,
          target: n.target.map(String).join(' >> '),
          why: (n.failureSummary ?? '').split('\n').slice(1, 3).join(' ').trim().slice(0, 240),
        })),
      );
    },
    { tags },
  );
}

/** A check's error that only says the page went away under it (navigated, reloaded, closed). */
const pageWentAway = (error: unknown) =>
  /Execution context was destroyed|Target page, context or browser has been closed|Target closed|Frame was detached|navigat/i.test(
    error instanceof Error ? error.message : String(error),
  );

/** Checks the screens of every page of one context; `finish` checks the last screens and answers the findings. */
export function watchContext(context: BrowserContext, ownOrigin: string) {
  const findings: A11yFinding[] = [];
  // errors of checks that were not the page going away: the test fails with them
  const errors: unknown[] = [];
  const checked = new Set<string>();
  // screens axe ran on to the end, and whether any page of the context showed the site's own pages
  let checks = 0;
  let visitedOwn = false;
  let queue: Promise<void> = Promise.resolve();

  const check = (page: Page, name: string, again = false) => {
    queue = queue.then(async () => {
      if (page.isClosed() || !page.url().startsWith(ownOrigin)) return;
      const key = `${new URL(page.url()).origin} ${name}`;
      if (checked.has(key) && !again) return;
      checked.add(key);
      // A11Y_LOG=1 lists the screens checked
      if (process.env.A11Y_LOG) console.log(`axe: ${name}`);
      const url = page.url();
      try {
        const found = await runAxe(page, { tags: WCAG_TAGS });
        checks += 1;
        for (const f of found) {
          if (!GATE_IMPACTS.has(f.impact)) continue;
          if (!findings.some((x) => x.screen === name && x.rule === f.rule && x.target === f.target)) findings.push({ screen: name, ...f });
        }
      } catch (error) {
        // the page navigated or closed during the run: its next screen is checked in its turn
        checked.delete(key);
        if (!(page.isClosed() || page.url() !== url || pageWentAway(error))) errors.push(error);
      }
    });
    return queue;
  };

  const currentScreen = (page: Page) =>
    page.evaluate(() => (window as unknown as { __a11yName?: () => string }).__a11yName?.() ?? '').catch(() => '');
  /** Tells a page of the site the names of its screens checked so far (a new document starts knowing none). */
  const checkedIn = async (page: Page) => {
    if (page.isClosed() || !page.url().startsWith(ownOrigin)) return;
    const prefix = `${new URL(page.url()).origin} `;
    const names = [...checked].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
    await page
      .evaluate((names) => void ((window as unknown as { __a11yChecked?: Set<string> }).__a11yChecked = new Set(names)), names)
      .catch(() => undefined);
  };
  // before each action and each auto-waiting assertion (Playwright runs locator handlers then; the locator
  // matches `body` while the page shows a screen not checked yet): a screen about to be used, or a dialog
  // about to be answered, is checked first
  const beforeEachStep = (page: Page) =>
    page.addLocatorHandler(
      page.locator(`${UNCHECKED_ENGINE}=screen`),
      async () => {
        const name = await currentScreen(page);
        if (name) await check(page, name);
        await checkedIn(page);
      },
      { noWaitAfter: true },
    );
  const watchVisits = (page: Page) =>
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().startsWith(ownOrigin)) visitedOwn = true;
    });
  context.on('page', (page) => {
    watchVisits(page);
    void beforeEachStep(page).catch(() => undefined);
  });
  context.pages().forEach(watchVisits);

  const ready = Promise.all([
    context.exposeBinding('__a11yScreen', ({ page }, name: string) => {
      void check(page, name).then(() => checkedIn(page));
    }),
    context.addInitScript(watchScreens),
    ...context.pages().map(beforeEachStep),
  ]);

  const finish = async (): Promise<{ findings: A11yFinding[]; errors: unknown[]; checks: number; visitedOwn: boolean }> => {
    for (const page of context.pages()) {
      if (page.isClosed() || !page.url().startsWith(ownOrigin)) continue;
      // the last screen, settled: it may have filled in after its first check
      const settled = () => (window as unknown as { __a11ySettled?: () => string }).__a11ySettled?.() ?? location.pathname;
      await page.waitForFunction(settled, undefined, { timeout: 5_000 }).catch(() => undefined);
      const name = await page
        .evaluate(() => {
          const w = window as unknown as { __a11yName?: () => string };
          return w.__a11yName?.() ?? '';
        })
        .catch(() => '');
      if (name) await check(page, name, true);
    }
    await queue;
    return { findings, errors, checks, visitedOwn };
  };
  return { ready, finish };
}

export function formatFindings(findings: A11yFinding[]): string {
  const byScreen = new Map<string, A11yFinding[]>();
  for (const f of findings) byScreen.set(f.screen, [...(byScreen.get(f.screen) ?? []), f]);
  const lines = [`axe-core: ${findings.length} serious or critical finding(s) (WCAG 2.x A/AA)`];
  for (const [screen, list] of byScreen) {
    lines.push(`  on ${screen}:`);
    for (const f of list) lines.push(`    ${f.rule} (${f.impact}) at ${f.target}: ${f.help}${f.why ? `\n      ${f.why}` : ''}`);
  }
  return lines.join('\n');
}

/** `test` with the gate on its context: every spec imports it from ./support. */
export const test = base.extend<{ a11yGate: void }, { a11yEngine: void }>({
  // registered once per worker, before its tests' contexts are made (Playwright's rule for selector engines)
  a11yEngine: [
    async ({ playwright }, use) => {
      await registerUncheckedEngine(playwright);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  a11yGate: [
    async ({ context, page, browser, baseURL }, use, testInfo) => {
      // `page`: set up before the gate, so the gate ends (and checks it) before the page is closed
      void page;
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const gates = [watchContext(context, origin)];
      await gates[0]!.ready;
      // a context the test opens itself (another device, a friend's browser) is checked the same way
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const opened = await newContext(...args);
        // with JavaScript off nothing runs in the page, axe neither (those pages are checked with it on)
        if (args[0]?.javaScriptEnabled === false) return opened;
        const gate = watchContext(opened, origin);
        gates.push(gate);
        await gate.ready;
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      const results = await Promise.all(gates.map((g) => g.finish()));
      const errors = results.flatMap((r) => r.errors);
      // a check that failed for another reason than the page going away: the gate did not do its work
      if (errors.length) throw new Error(`axe-core could not check a screen: ${String(errors[0])}`, { cause: errors[0] });
      // the site's own pages were shown and none was checked: the gate checked nothing, it must not pass
      if (results.some((r) => r.visitedOwn) && !results.some((r) => r.checks > 0)) {
        throw new Error("axe-core checked no screen although the test showed the site's own pages");
      }
      const findings = results.flatMap((r) => r.findings);
      if (!findings.length) return;
      const report = formatFindings(findings);
      await testInfo.attach('axe-findings', { body: report, contentType: 'text/plain' });
      throw new Error(report);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
