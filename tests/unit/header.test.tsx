import { render, screen, within } from "@testing-library/react";
import { Header } from "@/components/layout/header";
import { site } from "@/content/site";

describe("site header", () => {
  it("uses white navigation text on dark pages", () => {
    render(<Header tone="dark" />);
    expect(screen.getByRole("banner")).toHaveClass("text-white");
  });

  it("links the logo to the home page", () => {
    render(<Header />);
    expect(screen.getAllByRole("link", { name: `${site.name} home` })[0]).toHaveAttribute("href", "/");
  });

  it("opens the consultation booking in a new tab and says so", () => {
    render(<Header />);
    const [book] = screen.getAllByRole("link", { name: "Book a Free Consultation (opens in a new tab)" });
    expect(book).toHaveAttribute("target", "_blank");
    expect(book).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("offers the mobile menu through a button that controls the overlay", () => {
    render(<Header />);
    const button = screen.getByRole("button", { name: "Open menu" });
    expect(button).toHaveAttribute("aria-controls", "site-menu");
    // A native popover invoker: the browser opens the menu and exposes the expanded state
    // itself, so the button must not carry aria-expanded (HTML forbids it beside popovertarget).
    expect(button).toHaveAttribute("popovertarget", "site-menu");
    expect(button).not.toHaveAttribute("popovertargetaction");
    expect(button).not.toHaveAttribute("aria-expanded");
    const menu = document.getElementById("site-menu") as HTMLElement;
    expect(menu).toHaveAttribute("popover", "auto");
    expect(within(menu).getByRole("button", { name: "Close menu", hidden: true })).toHaveAttribute("popovertargetaction", "hide");
    expect(within(menu).getByRole("link", { name: "Request Platform Access" })).toHaveAttribute("href", "/join-beta");
  });
});
