export {};

declare global {
  interface Window {
    vaq?: [string, unknown?][];
    /** call-widget-service.spec.ts: each state of a streamed reply, as the page rendered it. */
    __stream?: { streamed: string; hidden: string | null; logged: number }[];
    /** call-widget-phone.spec.ts: the layout shift so far, without recent input. */
    __shift?: number;
  }
}
