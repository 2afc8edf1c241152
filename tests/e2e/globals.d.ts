export {};

declare global {
  interface Window {
    vaq?: [string, unknown?][];
  }
}
