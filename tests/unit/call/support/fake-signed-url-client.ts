/**
 * The signed-URL client with its request faked. A test file installs it with
 *   jest.mock("@/lib/call/signed-url-client", () => jest.requireActual("./support/fake-signed-url-client"));
 */
const actual = jest.requireActual<typeof import("@/lib/call/signed-url-client")>("@/lib/call/signed-url-client");

export const { SignedUrlError, readSignedUrl } = actual;
export const requestSignedUrl = jest.fn<ReturnType<typeof actual.requestSignedUrl>, Parameters<typeof actual.requestSignedUrl>>();
