import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { SignatureRefusal } from "@mockingbird/contract/close-reasons";

/**
 * conversation_signature: what makes a signed URL work once, for one agent, for 15 minutes.
 *
 * Form: `<expiry, ms since epoch, base 36>.<nonce, 16 random bytes>.<HMAC-SHA256>`, the
 * last two base64url (22 and 43 characters). The MAC covers agent id, expiry and nonce, so a signature minted
 * for one agent is simply invalid for another.
 */

export const signatureLifetimeMs = 15 * 60 * 1000;

export type { SignatureRefusal } from "@mockingbird/contract/close-reasons";

export type SignatureCheck = { readonly ok: true; readonly nonce: string; readonly expiresAt: number } | { readonly ok: false; readonly refusal: SignatureRefusal };

export interface SignatureAuthority {
  issue(agentId: string): string;
  /** Checks without spending it, so a refusal for another reason (capacity) leaves it usable. */
  verify(agentId: string, signature: string | null): SignatureCheck;
  /** Marks a verified signature as used. */
  spend(check: { readonly nonce: string; readonly expiresAt: number }): void;
  /** Makes a spent signature usable again (its socket closed before the call started). */
  refund(check: { readonly nonce: string }): void;
  /** How many spent nonces are remembered (for health and tests). */
  readonly remembered: number;
}

export type SignatureOptions = {
  readonly secret: string | Buffer;
  readonly now?: () => number;
  readonly lifetimeMs?: number;
  /**
   * Upper bound on remembered spent nonces. Each one lives at most one lifetime, so this
   * caps memory; when it is full of unexpired nonces, new calls are refused rather than
   * forgetting a nonce early (which would make that link reusable).
   */
  readonly maxRemembered?: number;
};

const nonceBytes = 16;
/** Spent nonces remembered until they expire; when full, new calls are refused rather than a link made reusable. */
export const maxRememberedNonces = 100_000;
const shape = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export function createSignatureAuthority(options: SignatureOptions): SignatureAuthority {
  const now = options.now ?? Date.now;
  const lifetimeMs = options.lifetimeMs ?? signatureLifetimeMs;
  const maxRemembered = options.maxRemembered ?? maxRememberedNonces;
  // nonce -> expiry. Insertion order is spend order, not expiry order, so sweeps scan it all;
  // they run at most once a minute or when the map is full.
  const spent = new Map<string, number>();
  let lastSweep = now();

  const mac = (agentId: string, expiry: string, nonce: string): string =>
    createHmac("sha256", options.secret).update(`${agentId}\n${expiry}\n${nonce}`).digest("base64url");

  const sweep = (at: number): void => {
    lastSweep = at;
    for (const [nonce, expiresAt] of spent) if (expiresAt <= at) spent.delete(nonce);
  };

  return {
    issue(agentId) {
      const expiry = (now() + lifetimeMs).toString(36);
      const nonce = randomBytes(nonceBytes).toString("base64url");
      return `${expiry}.${nonce}.${mac(agentId, expiry, nonce)}`;
    },

    verify(agentId, signature) {
      if (signature === null || signature === "") return { ok: false, refusal: "missing" };
      const parts = shape.exec(signature);
      if (!parts) return { ok: false, refusal: "malformed" };
      const [, expiry = "", nonce = "", given = ""] = parts;
      // Compared as text, not decoded: base64url's spare bits would let two spellings pass.
      if (!timingSafeEqual(Buffer.from(given), Buffer.from(mac(agentId, expiry, nonce)))) return { ok: false, refusal: "forged" };
      const expiresAt = Number.parseInt(expiry, 36);
      const at = now();
      if (!(expiresAt > at)) return { ok: false, refusal: "expired" };
      if (spent.has(nonce)) return { ok: false, refusal: "reused" };
      if (at - lastSweep > 60_000 || spent.size >= maxRemembered) sweep(at);
      if (spent.size >= maxRemembered) return { ok: false, refusal: "too-many-open" };
      return { ok: true, nonce, expiresAt };
    },

    spend({ nonce, expiresAt }) {
      spent.set(nonce, expiresAt);
    },

    refund({ nonce }) {
      spent.delete(nonce);
    },

    get remembered() {
      return spent.size;
    },
  };
}
