import { createServer } from "node:http";
import { isAddressInUse } from "@mockingbird/contract/ports";

/**
 * A partner's page on `partnerOrigin` that frames the site's call widget and, to show it is
 * refused, its home page. The embed tests of the server (tests/e2e) and of the export
 * (tests/e2e-export) both open it.
 */
export async function startPartnerSite(partnerOrigin: string, siteOrigin: string, embedPath: string): Promise<{ close(): Promise<void> }> {
  const site = createServer((_, response) => {
    response.writeHead(200, { "content-type": "text/html" }).end(
      `<!doctype html><title>Partner site</title>
       <iframe title="Call widget" allow="microphone" src="${siteOrigin}${embedPath}" width="600" height="900"></iframe>
       <iframe title="Home page" src="${siteOrigin}/" width="600" height="300"></iframe>`,
    );
  });
  await new Promise<void>((resolve, reject) => {
    site.once("error", (error) =>
      reject(isAddressInUse(error) ? new Error(`the partner site could not listen on ${partnerOrigin}: another program took the port after the run chose it; run the tests again`) : error),
    );
    site.listen(Number(new URL(partnerOrigin).port), "127.0.0.1", resolve);
  });
  return { close: () => new Promise<void>((resolve) => site.close(() => resolve())) };
}
