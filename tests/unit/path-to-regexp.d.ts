// Next.js' compiled copy of path-to-regexp 6 (the matcher family Vercel's routing uses) ships no types.
declare module "next/dist/compiled/path-to-regexp" {
  export function pathToRegexp(path: string, keys?: unknown[], options?: { sensitive?: boolean; strict?: boolean }): RegExp;
}
