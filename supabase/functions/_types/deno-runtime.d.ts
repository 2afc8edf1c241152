/**
 * The part of Deno's runtime API the Edge Function uses, for `tsc -p supabase` on
 * machines without Deno. `deno check` and Supabase use Deno's own declarations.
 */
declare namespace Deno {
  export const env: {
    toObject(): Record<string, string>;
    get(key: string): string | undefined;
  };
  type Handler = (request: Request) => Response | Promise<Response>;
  export function serve(handler: Handler): unknown;
  export function serve(options: { port?: number; hostname?: string; onListen?: (address: { hostname: string; port: number }) => void }, handler: Handler): unknown;
}
