/**
 * Supabase clients send the project's anon key twice: as `apikey` and as
 * `Authorization: Bearer`. Every key the request presents must be the anon key and at
 * least one must be present. The anon key is public by design, so this is not a
 * secret check (a plain comparison is fine): it keeps stray scanners and requests
 * built for another Supabase project out, before any counting or upstream work.
 */
export function presentsAnonKey(headers: Headers, anonKey: string): boolean {
  const apiKey = headers.get("apikey");
  const bearer = bearerToken(headers.get("authorization"));
  if (apiKey === null && bearer === null) return false;
  return (apiKey === null || apiKey.trim() === anonKey) && (bearer === null || bearer === anonKey);
}

/** The token of a Bearer authorization; an empty string for any other scheme, so it never matches. */
function bearerToken(authorization: string | null): string | null {
  if (authorization === null) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization.trim());
  return match?.[1] ?? "";
}
