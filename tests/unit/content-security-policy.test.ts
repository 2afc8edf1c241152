/** @jest-environment node */
import { createHash } from "node:crypto";
import { contentSecurityPolicy } from "@/lib/security/csp";
import { inlineScriptHashes } from "@/lib/security/inline-script-hashes";
import { scriptHashesFor } from "@/lib/security/csp-manifest";
import { routeOfHtmlFile } from "@/scripts/lib/html-files";
import { cspConnectSources } from "@/lib/security/connect-sources";

const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `));

describe("content security policy", () => {
  it("allows the page's inline scripts by hash and nothing else inline", () => {
    const policy = contentSecurityPolicy({ scriptHashes: ["sha256-abc="], development: false });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'sha256-abc='");
  });

  it("never allows eval in production", () => {
    expect(contentSecurityPolicy({ scriptHashes: [], development: false })).not.toContain("unsafe-eval");
  });

  it("lets the page connect to the voice provider", () => {
    const policy = contentSecurityPolicy({ scriptHashes: [], development: false, connectSources: ["wss://api.elevenlabs.io"] });
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' wss://api.elevenlabs.io");
  });
});

describe("inline script hashes", () => {
  const sha = (body: string) => `sha256-${createHash("sha256").update(body).digest("base64")}`;

  it("hash each executable inline script once", () => {
    const html = "<script>a()</script><script>a()</script><script type=\"module\">b()</script>";
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("b()")]);
  });

  it("skip external scripts and JSON-LD data blocks", () => {
    const html = '<script src="/x.js"></script><script type="application/ld+json">{"a":1}</script>';
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it("read scripts as a browser parses them: other attributes, markup in strings and line ends", () => {
    const html = '<script data-src="x">c()</script><script>d("<p>")</script>\r\n<div title="<script>e()</script>"></div><script>f()\r\n</script>';
    expect(inlineScriptHashes(html)).toEqual([sha("c()"), sha('d("<p>")'), sha("f()\n")]);
  });

  it("map a request path to its page's hashes and unknown paths to the 404 page's", () => {
    const manifest = { pages: { "/": ["sha256-home"], "/product": ["sha256-product"] }, notFound: ["sha256-404"] };
    expect(scriptHashesFor(manifest, "/product/")).toEqual(["sha256-product"]);
    expect(scriptHashesFor(manifest, "/")).toEqual(["sha256-home"]);
    expect(scriptHashesFor(manifest, "/missing")).toEqual(["sha256-404"]);
  });

  it("name routes after their pre-rendered HTML files", () => {
    expect(routeOfHtmlFile("index.html")).toBe("/");
    expect(routeOfHtmlFile("product.html")).toBe("/product");
    expect(routeOfHtmlFile("blog/post.html")).toBe("/blog/post");
    expect(routeOfHtmlFile("blog/index.html")).toBe("/blog");
  });
});

describe("connect sources", () => {
  it("allow the local voice agent's websocket when no ElevenLabs key is configured", () => {
    expect(cspConnectSources({})).toContain("ws://127.0.0.1:8787");
    expect(cspConnectSources({ LOCAL_AGENT_URL: "http://agent.internal:9000" })).toContain("ws://agent.internal:9000");
    expect(cspConnectSources({ AGENT_PUBLIC_URL: "wss://agent.mockingbird.example" })).toContain("wss://agent.mockingbird.example");
  });

  it("leave the local agent out once ElevenLabs is the voice provider", () => {
    expect(cspConnectSources({ ELEVENLABS_API_KEY: "key" })).toEqual(["https://api.elevenlabs.io", "wss://api.elevenlabs.io"]);
  });

  it("allow ELEVENLABS_API_BASE's REST and websocket origins, where its signed URLs lead", () => {
    const sources = cspConnectSources({ ELEVENLABS_API_KEY: "k", ELEVENLABS_API_BASE: "https://api.eu.residency.elevenlabs.io/" });
    expect(sources).toEqual(expect.arrayContaining(["https://api.eu.residency.elevenlabs.io", "wss://api.eu.residency.elevenlabs.io"]));
  });

  it("add a separate Supabase project's origin", () => {
    expect(cspConnectSources({ ELEVENLABS_API_KEY: "k", NEXT_PUBLIC_SUPABASE_URL: "https://abc.supabase.co" })).toContain("https://abc.supabase.co");
  });
});

describe("connect sources of the static export", () => {
  it("never include the local agent, which a CDN-hosted site does not use", () => {
    expect(cspConnectSources({}, "elevenlabs")).toEqual(["https://api.elevenlabs.io", "wss://api.elevenlabs.io"]);
  });
});
