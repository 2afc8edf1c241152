/**
 * `import "server-only"` keeps Next.js from bundling a module for the browser. Deno has
 * no browser bundle, so the import map points the marker here and the shared server
 * modules load unchanged.
 */
export {};
