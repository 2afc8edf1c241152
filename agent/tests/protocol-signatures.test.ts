/** @jest-environment node */
import { createSignatureAuthority, signatureLifetimeMs } from "../src/server/signatures";

const secret = "a-secret-of-at-least-thirty-two-characters";

function clockedAuthority(maxRemembered?: number) {
  const clock = { now: 1_700_000_000_000 };
  const authority = createSignatureAuthority({ secret, now: () => clock.now, maxRemembered });
  return { clock, authority };
}

function spendOne(authority: ReturnType<typeof createSignatureAuthority>, agentId = "ceo-urgent-wire"): void {
  const check = authority.verify(agentId, authority.issue(agentId));
  if (!check.ok) throw new Error(`not accepted: ${check.refusal}`);
  authority.spend(check);
}

describe("conversation signatures", () => {
  it("are not valid under another secret", () => {
    const { authority } = clockedAuthority();
    const other = createSignatureAuthority({ secret: "another-secret-of-at-least-thirty-two-chars" });
    expect(other.verify("ceo-urgent-wire", authority.issue("ceo-urgent-wire"))).toEqual({ ok: false, refusal: "forged" });
  });

  it("forget spent nonces once they have expired", () => {
    const { clock, authority } = clockedAuthority();
    spendOne(authority);
    spendOne(authority);
    clock.now += signatureLifetimeMs + 60_001;
    spendOne(authority);
    expect(authority.remembered).toBe(1);
  });

  it("refuse new calls rather than forget an unexpired nonce when the memory is full", () => {
    const { clock, authority } = clockedAuthority(2);
    spendOne(authority);
    spendOne(authority);
    expect(authority.verify("ceo-urgent-wire", authority.issue("ceo-urgent-wire"))).toEqual({ ok: false, refusal: "too-many-open" });
    clock.now += signatureLifetimeMs;
    expect(authority.verify("ceo-urgent-wire", authority.issue("ceo-urgent-wire")).ok).toBe(true);
    expect(authority.remembered).toBe(0);
  });
});
