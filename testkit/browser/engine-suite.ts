/**
 * The fixture every engines-suite file shares: one site and one PulseAudio null sink for the
 * file (started before its tests, stopped after), and per engine under test a browser with a
 * granted fake microphone and one tab, launched before that engine's tests and closed after.
 * A file declares its tests once, in `suite`, and they run in each engine.
 */
import { after, before, describe } from "node:test";
import { startAudioSink, type AudioSink } from "./audio-sink";
import { enginesUnderTest, launch, type EngineBrowser, type EngineName, type Tab } from "./engines";
import { installRecorders } from "./widget";

type RunningSite = { origin: string; stop(): unknown };

export type EngineRun<S extends RunningSite> = {
  engine: EngineName;
  /** The engine's tab; usable from the suite's body, it acts once the engine's browser is up. */
  tab: Tab;
  /** Home at desktop width (1280 x 900) with the widget's recorders in place. */
  openHome(): Promise<void>;
  /** The site and the sink, readable in tests and hooks (they start before the first test). */
  readonly site: S;
  readonly sink: AudioSink;
};

export function forEachEngine<S extends RunningSite>(startSite: () => Promise<S>, suite: (run: EngineRun<S>) => void, engines: EngineName[] = enginesUnderTest()): void {
  let sink: AudioSink | undefined;
  let site: S | undefined;
  before(async () => {
    sink = await startAudioSink();
    site = await startSite();
  });
  after(async () => {
    await site?.stop();
    sink?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is read before the suite's hooks started it`);
    return value;
  };

  for (const engine of engines) {
    describe(engine, () => {
      let browser: EngineBrowser | undefined;
      let current: Tab | undefined;
      const tab = delegate(() => started(current, `${engine} tab`));
      before(async () => {
        browser = await launch(engine, "fake", started(sink, "audio sink").env);
        current = await browser.newTab();
      });
      after(async () => {
        await browser?.close();
      });
      suite({
        engine,
        tab,
        openHome: async () => {
          await tab.setViewport(1280, 900);
          await tab.goto(`${started(site, "site").origin}/`);
          await installRecorders(tab);
        },
        get site() {
          return started(site, "site");
        },
        get sink() {
          return started(sink, "audio sink");
        },
      });
    });
  }
}

/** A Tab that acts on whichever tab `current` returns when it is used. */
function delegate(current: () => Tab): Tab {
  return {
    goto: (url) => current().goto(url),
    setViewport: (width, height) => current().setViewport(width, height),
    run: <T>(body: string, ...args: unknown[]) => current().run<T>(body, ...args),
    click: (xpath) => current().click(xpath),
    enterFirstFrame: () => current().enterFirstFrame(),
    type: (xpath, text) => current().type(xpath, text),
    close: () => current().close(),
  };
}
