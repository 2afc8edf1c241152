import { render, screen, within } from "@testing-library/react";
import { Header } from "@/components/layout/header";
import { site } from "@/content/site";

describe("site header", () => {
  it("uses white navigation text on dark pages", () => {
    render(<Header tone="dark" />);
    expect(screen.getByRole("banner")).toHaveClass("text-white");
  });

  it("uses black navigation text on the blog", () => {
    render(<Header tone="light" />);
    expect(screen.getByRole("banner")).toHaveClass("text-ink");
    expect(screen.getByRole("banner")).not.toHaveClass("text-white");
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
    expect(button).toHaveAttribute("aria-expanded", "false");
    const menu = document.getElementById("site-menu") as HTMLElement;
    expect(within(menu).getByRole("link", { name: "Request Platform Access" })).toHaveAttribute("href", "/join-beta");
  });
});
