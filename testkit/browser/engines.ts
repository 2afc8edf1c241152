/**
 * The two engines beside Chromium, driven the way their vendors support automation:
 * Firefox ESR through puppeteer-core over WebDriver BiDi, and WebKitGTK's MiniBrowser through
 * WebKitWebDriver on an Xvfb display. Both are wrapped in one small `Tab` interface, so every
 * behaviour in tests/engines (and every figure of the widget and microphone benches) is written
 * once and run in each engine.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import puppeteer, { type Browser as PuppeteerBrowser, type Frame, type Page } from "puppeteer-core";
import { Builder, By, type WebDriver } from "selenium-webdriver";
import { chromiumArgs, chromiumPath } from "./chromium";
import { freePort, waitForHttp } from "../ports";

/** Chromium is here for the benchmarks' sake (scripts/bench/call-widget.ts); its test suite is Playwright's. */
export type EngineName = "chromium" | "firefox" | "webkit";

/**
 * The engines an engines-suite file runs in: `ENGINES` (comma-separated names), else the file's
 * own list: Firefox and WebKit, whose Chromium twin is the Playwright suite, or all three for a
 * file the Playwright suite has no twin of.
 */
export const enginesUnderTest = (byDefault = "firefox,webkit"): EngineName[] => (process.env.ENGINES ?? byDefault).split(",").map((name) => name.trim()) as EngineName[];
/**
 * "fake": a granted fake microphone; "refused": every microphone request is refused, as when
 * the visitor chose Block (Firefox only: WebKitWebDriver has no command to refuse a permission,
 * so the WebKit suite is refused by Permissions Policy instead, see engine-site.ts).
 */
export type Microphone = "fake" | "refused";

/** What a test does with a page, in either engine. Clicks are real (trusted) clicks. */
export interface Tab {
  goto(url: string): Promise<void>;
  setViewport(width: number, height: number): Promise<void>;
  /** Runs `body` (an async function body using `args`) in the page and returns its result. */
  run<T>(body: string, ...args: unknown[]): Promise<T>;
  click(xpath: string): Promise<void>;
  /** Later calls act inside the page's first iframe. */
  enterFirstFrame(): Promise<void>;
  type(xpath: string, text: string): Promise<void>;
  close(): Promise<void>;
}

export interface EngineBrowser {
  name: EngineName;
  newTab(): Promise<Tab>;
  close(): Promise<void>;
}

export const firefoxPath = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
/** Debian ships MiniBrowser with libwebkit2gtk-4.1-0, under the machine's multiarch folder. */
export const miniBrowserPath =
  process.env.MINIBROWSER_PATH ??
  readdirSync("/usr/lib")
    .map((dir) => `/usr/lib/${dir}/webkit2gtk-4.1/MiniBrowser`)
    .find((candidate) => existsSync(candidate)) ??
  "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/** `env` reaches the browser's processes (the audio sink's PULSE_SERVER, audio-sink.ts). */
export async function launch(name: EngineName, microphone: Microphone, env: Record<string, string> = {}): Promise<EngineBrowser> {
  if (name === "chromium") return launchChromium(microphone);
  return name === "firefox" ? launchFirefox(microphone, env) : launchWebKit(microphone, env);
}

// ------------------------------------------------------------------------- Chromium

async function launchChromium(microphone: Microphone): Promise<EngineBrowser> {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, "--use-fake-device-for-media-stream", "--autoplay-policy=no-user-gesture-required", ...(microphone === "fake" ? ["--use-fake-ui-for-media-stream"] : [])],
  });
  return { name: "chromium", newTab: async () => puppeteerTab(await browser.newPage()), close: () => browser.close() };
}

// ------------------------------------------------------------------------- Firefox

async function launchFirefox(microphone: Microphone, env: Record<string, string>): Promise<EngineBrowser> {
  const browser: PuppeteerBrowser = await puppeteer.launch({
    browser: "firefox",
    executablePath: firefoxPath,
    headless: true,
    env: { ...process.env, ...env },
    extraPrefsFirefox: {
      // A fake capture device (a tone) instead of a real one; no prompt, so a test decides.
      "media.navigator.streams.fake": true,
      // The fake device plays a 1 kHz tone, which the agent hears as the visitor talking over the
      // greeting; at 0 Hz it is silence, as a visitor who listens first.
      "media.navigator.audio.fake_frequency": 0,
      "media.navigator.permission.disabled": microphone === "fake",
      // With prompts on, this answers every microphone request with a refusal, as a visitor's "Block" does.
      ...(microphone === "refused" ? { "permissions.default.microphone": 2 } : {}),
      "media.autoplay.default": 0,
      "media.autoplay.blocking_policy": 0,
    },
  });
  return {
    name: "firefox",
    newTab: async () => puppeteerTab(await browser.newPage()),
    close: () => browser.close(),
  };
}

function puppeteerTab(page: Page): Tab {
  let target: Page | Frame = page;
  return {
    goto: async (url) => {
      target = page;
      await page.goto(url, { waitUntil: "load" });
    },
    setViewport: (width, height) => page.setViewport({ width, height }),
    run: <T>(body: string, ...args: unknown[]) => target.evaluate(`(async function (args) { ${body} })(${JSON.stringify(args)})`) as Promise<T>,
    click: async (xpath) => {
      const element = await target.waitForSelector(`::-p-xpath(${xpath})`, { visible: true, timeout: 15_000 });
      await element!.click();
    },
    type: async (xpath, text) => {
      const element = await target.waitForSelector(`::-p-xpath(${xpath})`, { visible: true, timeout: 15_000 });
      await element!.type(text);
    },
    enterFirstFrame: async () => {
      const frame = await (await page.waitForSelector("iframe"))!.contentFrame();
      await frame.waitForSelector("button", { timeout: 15_000 });
      target = frame;
    },
    close: () => page.close(),
  };
}

// ------------------------------------------------------------------------- WebKit

async function launchWebKit(microphone: Microphone, env: Record<string, string>): Promise<EngineBrowser> {
  if (microphone === "refused") throw new Error("WebKitWebDriver cannot refuse the microphone; use a page that does not allow it");
  if (!existsSync(miniBrowserPath)) throw new Error(`WebKitGTK's MiniBrowser is not at ${miniBrowserPath} (install webkit2gtk-driver, or set MINIBROWSER_PATH)`);
  const children: ChildProcess[] = [];
  const display = await startXvfb(children);
  const port = await freePort();
  const driverProcess = spawn("WebKitWebDriver", [`--port=${port}`, "--host=127.0.0.1"], { env: { ...process.env, ...env, DISPLAY: display }, stdio: "ignore" });
  children.push(driverProcess);
  const server = `http://127.0.0.1:${port}`;
  const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill("SIGTERM"));
  try {
    await waitForHttp(`${server}/status`, 20_000);
  } catch (error) {
    stopAll();
    throw error;
  }
  const sessions: WebDriver[] = [];
  return {
    name: "webkit",
    newTab: async () => {
      const driver = await new Builder()
        .usingServer(server)
        .withCapabilities({
          browserName: "MiniBrowser",
          "webkitgtk:browserOptions": {
            binary: miniBrowserPath,
            args: ["--automation", "--enable-media-stream=true", "--enable-mock-capture-devices=true", "--autoplay-policy=allow"],
          },
        })
        .build();
      sessions.push(driver);
      return seleniumTab(driver);
    },
    close: async () => {
      await Promise.all(sessions.map((driver) => driver.quit().catch(() => {})));
      stopAll();
    },
  };
}

function seleniumTab(driver: WebDriver): Tab {
  const find = async (xpath: string) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [element] = await driver.findElements(By.xpath(xpath));
      if (element && (await element.isDisplayed())) return element;
      if (Date.now() > deadline) throw new Error(`no visible element for ${xpath}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    goto: async (url) => {
      await driver.switchTo().defaultContent();
      await driver.get(url);
      // WebKitWebDriver can answer before the new document has replaced the old one.
      const deadline = Date.now() + 15_000;
      while (!(await driver.executeScript<boolean>("return document.readyState === 'complete' && location.href === arguments[0]", url))) {
        if (Date.now() > deadline) throw new Error(`${url} did not finish loading`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    setViewport: async (width, height) => {
      // The window's outer size; the page's width is what the tests check.
      await driver.manage().window().setRect({ width, height });
    },
    run: <T>(body: string, ...args: unknown[]) =>
      driver.executeAsyncScript(`const done = arguments[arguments.length - 1]; Promise.resolve((async function (args) { ${body} })(${JSON.stringify(args)})).then(done, (error) => done({ __error: String(error) }));`).then((value) => {
        if (value && typeof value === "object" && "__error" in value) throw new Error(String((value as { __error: unknown }).__error));
        return value as T;
      }),
    click: async (xpath) => (await find(xpath)).click(),
    enterFirstFrame: async () => {
      await driver.switchTo().frame(await find("//iframe"));
      await find("//button");
    },
    type: async (xpath, text) => (await find(xpath)).sendKeys(text),
    close: () => driver.quit(),
  };
}

/** Xvfb on the first free display number from 90; MiniBrowser needs an X display. */
async function startXvfb(children: ChildProcess[]): Promise<string> {
  if (process.env.DISPLAY && process.env.ENGINES_USE_DISPLAY) return process.env.DISPLAY;
  for (let number = 90; number < 130; number++) {
    if (existsSync(`/tmp/.X${number}-lock`)) continue;
    const xvfb = spawn("Xvfb", [`:${number}`, "-screen", "0", "1400x1000x24", "-nolisten", "tcp"], { stdio: "ignore" });
    const started = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(true), 700);
      xvfb.once("exit", () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (started) {
      children.push(xvfb);
      return `:${number}`;
    }
  }
  throw new Error("no free X display for Xvfb between :90 and :129");
}
