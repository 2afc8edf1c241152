/**
 * The part of Deno's runtime API the Edge Function uses, for `tsc -p supabase` on
 * machines without Deno. `deno check` and Supabase use Deno's own declarations.
 */
declare namespace Deno {
  export const env: {
    toObject(): Record<string, string>;
    get(key: string): string | undefined;
  };
  export function serve(handler: (request: Request) => Response | Promise<Response>): unknown;
}
