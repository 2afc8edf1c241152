/** @jest-environment node */
import { lowercaseRedirectTarget } from "@/lib/routing/lowercase-redirect";

describe("case-insensitive paths", () => {
  it("leave the query's own case untouched", () => {
    expect(lowercaseRedirectTarget("/Team", "?Ref=LinkedIn")).toBe("/team?Ref=LinkedIn");
  });

  it("do not redirect a path that is already lowercase", () => {
    expect(lowercaseRedirectTarget("/product", "?X=1")).toBeNull();
  });

  it("leave framework assets, share images and the signed-URL endpoint alone", () => {
    expect(lowercaseRedirectTarget("/_next/static/chunks/Ab12.js", "")).toBeNull();
    expect(lowercaseRedirectTarget("/functions/v1/elevenlabs-auth", "")).toBeNull();
    expect(lowercaseRedirectTarget("/og/Home.png", "")).toBeNull();
  });
});
