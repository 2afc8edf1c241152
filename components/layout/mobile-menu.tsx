"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, type KeyboardEvent } from "react";
import { headerActions, primaryNav } from "@/content/navigation";
import { ExternalLink } from "@/components/ui/external-link";
import { hrefOf } from "@/lib/config/site-links";
import { CloseIcon, MenuIcon } from "./icons";
import { Logo } from "./logo";
import type { HeaderTone } from "./header-tone";

const MENU_ID = "site-menu";
const focusableSelector = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The overlay is a native popover, so the menu button opens it and Escape closes it
 * even before hydration. Once hydrated, this adds what a modal menu needs on top:
 * focus moved in and kept inside, focus returned to the button, closing on a link.
 * The menu button has no aria-expanded: HTML forbids it beside popovertarget, since the
 * browser itself exposes whether a popover's invoker is expanded.
 */
export function MobileMenu({ tone }: { tone: HeaderTone }) {
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => menuRef.current?.hidePopover(), []);

  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const onToggle = (event: Event) => {
      const isOpen = (event as ToggleEvent).newState === "open";
      document.documentElement.style.overflow = isOpen ? "hidden" : "";
      if (isOpen) menu.querySelector<HTMLElement>(focusableSelector)?.focus();
      else if (menu.contains(document.activeElement) || document.activeElement === document.body) buttonRef.current?.focus();
    };
    menu.addEventListener("toggle", onToggle);
    // A menu left open while the window widens past the breakpoint would trap focus in a hidden layer.
    const desktop = window.matchMedia("(min-width: 768px)");
    const onResize = () => desktop.matches && menu.matches(":popover-open") && menu.hidePopover();
    desktop.addEventListener("change", onResize);
    return () => {
      menu.removeEventListener("toggle", onToggle);
      desktop.removeEventListener("change", onResize);
      document.documentElement.style.overflow = "";
    };
  }, []);

  const trapFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Tab" || !menuRef.current) return;
    const items = [...menuRef.current.querySelectorAll<HTMLElement>(focusableSelector)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const linkClass = "block rounded py-3 text-2xl font-semibold";

  return (
    <div className="ml-auto md:hidden">
      <button
        ref={buttonRef}
        type="button"
        popoverTarget={MENU_ID}
        aria-controls={MENU_ID}
        className={`inline-flex size-11 items-center justify-center rounded-full ${tone === "light" ? "text-ink" : "text-white"}`}
      >
        <MenuIcon />
        <span className="sr-only">Open menu</span>
      </button>
      <div
        ref={menuRef}
        id={MENU_ID}
        popover="auto"
        role="dialog"
        aria-modal="true"
        aria-label="Site menu"
        onKeyDown={trapFocus}
        className="m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto border-0 bg-ink p-0 text-white backdrop:bg-black/80"
      >
        <div className="flex items-center justify-between px-5 py-4">
          <Logo onNavigate={close} />
          <button
            type="button"
            popoverTarget={MENU_ID}
            popoverTargetAction="hide"
            className="inline-flex size-11 items-center justify-center rounded-full text-white"
          >
            <CloseIcon />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <nav aria-label="Main" className="px-5 pb-10">
          <ul className="border-b border-line pb-6">
            {primaryNav.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={linkClass} onClick={close}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <ul className="space-y-1 py-6 text-lg">
            <li>
              <a href={headerActions.onePager.href} download={headerActions.onePager.fileName} className="block rounded py-2" onClick={close}>
                {headerActions.onePager.label}
              </a>
            </li>
            <li>
              <a href={headerActions.email.href} className="block rounded py-2" onClick={close}>
                {headerActions.email.label}
              </a>
            </li>
          </ul>
          <div className="flex flex-col gap-3">
            <ExternalLink
              href={hrefOf(headerActions.book.href)}
              onClick={close}
              className="inline-flex min-h-12 items-center justify-center rounded-full border border-white/40 px-5 font-semibold"
            >
              {headerActions.book.label}
            </ExternalLink>
            <Link
              href={headerActions.requestAccess.href}
              onClick={close}
              className="inline-flex min-h-12 items-center justify-center rounded-full bg-white px-5 font-semibold text-ink"
            >
              {headerActions.requestAccess.label}
            </Link>
          </div>
        </nav>
      </div>
    </div>
  );
}
