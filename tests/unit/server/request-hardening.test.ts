/** @jest-environment node */
import { headersFromSocket } from "@/lib/http/forwarding";
import { sameSiteLocation } from "@/lib/http/location";
import { methodVerdict } from "@/lib/http/methods";
import { requestTargetOf } from "@/lib/http/request-target";

describe("the request target the site serves", () => {
  it("is the path and query of an origin-form target", () => {
    expect(requestTargetOf("/product?ref=mail")).toEqual({ kind: "path", target: "/product?ref=mail", pathname: "/product" });
  });

  it("drops the authority of an absolute-form target (GET http://evil.com/product)", () => {
    expect(requestTargetOf("http://evil.com/product")).toEqual({ kind: "path", target: "/product", pathname: "/product" });
    expect(requestTargetOf("HTTPS://evil.com:8443/blog/x?y=1")).toEqual({ kind: "path", target: "/blog/x?y=1", pathname: "/blog/x" });
  });

  it("keeps one leading slash, so //evil.com/x can never be read as a host", () => {
    expect(requestTargetOf("//evil.com/x")).toMatchObject({ target: "/evil.com/x" });
    expect(requestTargetOf("http://site.test//evil.com")).toMatchObject({ target: "/evil.com" });
  });

  it("is server-wide for OPTIONS *", () => {
    expect(requestTargetOf("*")).toEqual({ kind: "server-wide" });
  });

  it("is invalid for authority-form, other schemes and garbage", () => {
    for (const raw of ["evil.com:443", "ftp://evil.com/x", "javascript:alert(1)", "product", "", undefined]) {
      expect(requestTargetOf(raw)).toEqual({ kind: "invalid" });
    }
  });
});

describe("the methods the site serves", () => {
  it("serves GET, HEAD, OPTIONS and POST everywhere", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "POST"]) expect(methodVerdict(method, "/product")).toEqual({ serve: true });
  });

  it("lets PUT, PATCH and DELETE reach the signed-URL route, which answers them with its JSON 405", () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(methodVerdict(method, "/functions/v1/elevenlabs-auth")).toEqual({ serve: true });
      expect(methodVerdict(method, "/product")).toMatchObject({ serve: false, status: 405 });
    }
  });

  it("answers TRACE and CONNECT with 405 and the methods it allows", () => {
    expect(methodVerdict("TRACE", "/")).toEqual({ serve: false, status: 405, allow: "GET, HEAD, OPTIONS, POST" });
    expect(methodVerdict("CONNECT", "/")).toMatchObject({ serve: false, status: 405 });
  });

  it("answers methods HTTP does not define (WebDAV, PURGE, …) with 501", () => {
    for (const method of ["PROPFIND", "MKCOL", "PURGE", "SEARCH", "BREW"]) expect(methodVerdict(method, "/")).toMatchObject({ serve: false, status: 501 });
  });
});

describe("the Location of a redirect", () => {
  it("is a path on the site whatever host an absolute Location names", () => {
    expect(sameSiteLocation("http://evil.com/product")).toBe("/product");
    expect(sameSiteLocation("https://www.mockingbird.example/blog?page=2#top")).toBe("/blog?page=2#top");
  });

  it("never starts with two slashes or a backslash that a browser would read as a host", () => {
    expect(sameSiteLocation("//evil.com/x")).toBe("/x");
    expect(sameSiteLocation("/\\evil.com")).toBe("/");
    expect(sameSiteLocation("http://site.test//evil.com")).toBe("/evil.com");
  });

  it("resolves a relative Location against the request's path, as the browser would", () => {
    expect(sameSiteLocation("post-2", "/blog/post-1")).toBe("/blog/post-2");
  });

  it("is the home page for a Location that is not http(s)", () => {
    expect(sameSiteLocation("javascript:alert(1)")).toBe("/");
    expect(sameSiteLocation("mailto:x@evil.com")).toBe("/");
  });
});

describe("the forwarding headers of a request the server takes from the socket", () => {
  it("replaces every client address header the visitor sent with the socket's address", () => {
    const raw = ["Host", "site.test", "X-Forwarded-For", "6.6.6.6", "X-Real-IP", "6.6.6.7", "Forwarded", "for=6.6.6.8", "CF-Connecting-IP", "6.6.6.9", "Accept", "text/html"];

    expect(headersFromSocket(raw, "203.0.113.7")).toEqual(["Host", "site.test", "Accept", "text/html", "X-Forwarded-For", "203.0.113.7"]);
  });

  it("drops X-Forwarded-Host and X-Forwarded-Proto, which Next.js would build URLs from", () => {
    const raw = ["X-Forwarded-Host", "evil.com", "x-forwarded-proto", "https"];

    expect(headersFromSocket(raw, "::1")).toEqual(["X-Forwarded-For", "::1"]);
  });
});
