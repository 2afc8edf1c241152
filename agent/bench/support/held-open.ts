/**
 * Runs a bench's work with the process held open until it settles. The speech part's flite
 * workers and festival processes keep Node alive only while a sentence is being made (so an idle
 * agent exits cleanly); a bench waiting between them on a decoder or a queued sentence has
 * nothing else to hold the event loop, and Node would exit silently with code 0, printing nothing.
 */
export async function heldOpen<T>(work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => undefined, 60_000);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
