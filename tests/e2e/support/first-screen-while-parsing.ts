import type { Page } from "@playwright/test";

/**
 * What in the first screen a later element moves while the HTML is still arriving: a browser
 * paints what it has parsed whenever the network or its parser pauses (a 44 px menu button
 * parsed after a 32 px logo in a centred row moved the logo 6 px). For each element of the
 * first screen, this takes out every node after it (the state just after the parser closed
 * it) and lists the outermost element then standing elsewhere than in the whole page. It cuts
 * after whole elements only: one still being parsed is as steady as its own text, which wraps
 * as it arrives, and not inside a drawing, whose sized <svg> holds its shapes still. Run it
 * with JavaScript off, so the page is its server HTML.
 */
export async function movedWhileParsing(page: Page): Promise<string[]> {
  return movedByCuts(page, null);
}

/**
 * The same check inside one part of a page rendered by script (the call panel in each of its
 * states): for each element of `selector`'s subtree, everything after it inside the part is
 * taken out, and the first element then standing elsewhere, relative to the part's own top left
 * corner, is listed. Relative, because taking nodes out shortens the page and may scroll it;
 * inside the part only, because what it renders later must not move what it shows first. A
 * script renders a row of controls whole, so it cuts only after an element that is not an item
 * of a flex row, and what is visually hidden (1 px, screen-reader text) is not looked at.
 */
export async function movedWithin(page: Page, selector: string): Promise<string[]> {
  return movedByCuts(page, selector);
}

/**
 * The cuts both checks share; `partSelector` null is the whole page's first screen, as the
 * parser builds it. It measures layout, so animations are stopped first: a running transform
 * moves an element's box from one measurement to the next without any layout shift (the Layout
 * Instability API ignores transforms too), and whether it ran would depend on how fast the
 * machine got here.
 */
async function movedByCuts(page: Page, partSelector: string | null): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = selector === null ? document.body : document.querySelector(selector);
    if (!root) throw new Error(`no element matches ${selector}`);
    const byScript = selector !== null;
    const still = document.createElement("style");
    still.textContent = "*, *::before, *::after { animation: none !important; transition: none !important; }";
    document.head.append(still);
    const placeOf = (element: Element) => {
      if (element instanceof SVGElement && element.ownerSVGElement) return null;
      const box = element.getBoundingClientRect();
      if (box.width <= 0 || box.height <= 0) return null;
      if (!byScript) return box.top < window.innerHeight ? `${box.left},${box.top}` : null;
      const origin = root.getBoundingClientRect();
      return `${box.left - origin.left},${box.top - origin.top}`;
    };
    const describe = (element: Element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    const whole = new Map([...root.querySelectorAll("*")].map((element) => [element, placeOf(element)] as const));
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return !byScript || box.width > 1 || box.height > 1;
    };
    const shown = [...whole.keys()].filter((element) => whole.get(element) !== null && visible(element));
    const inRow = (node: Node) => byScript && node.parentElement !== null && getComputedStyle(node.parentElement).display.includes("flex");
    const moved = new Set<string>();
    for (const cut of shown.filter((element) => !inRow(element))) {
      const takenOut: Array<[Node, Node, Node | null]> = [];
      for (let node: Node = cut; node !== root; node = node.parentNode!) {
        if (inRow(node)) continue;
        for (let next = node.nextSibling; next; next = node.nextSibling) {
          takenOut.push([next, node.parentNode!, next.nextSibling]);
          next.remove();
        }
      }
      const first = shown.find((element) => element.isConnected && placeOf(element) !== null && placeOf(element) !== whole.get(element));
      if (first) moved.add(`${byScript ? "rendered" : "parsed"} up to ${describe(cut)}: ${describe(first)} stands at ${placeOf(first)}, not ${whole.get(first)}`);
      for (const [node, parent, next] of takenOut.reverse()) parent.insertBefore(node, next);
    }
    still.remove();
    return [...moved];
  }, partSelector);
}
