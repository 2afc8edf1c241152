import { fireEvent, render, screen } from "@testing-library/react";
import { TeamPhoto } from "@/components/team/team-photo";

describe("TeamPhoto", () => {
  let consoleError: jest.SpyInstance;

  beforeEach(() => {
    consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("shows the photo when it loads", () => {
    render(<TeamPhoto name="Maya Sterling" src="/team/maya-sterling.svg" size={128} />);

    const photo = screen.getByRole("img", { name: "Maya Sterling" });
    fireEvent.load(photo);

    expect(photo.tagName).toBe("IMG");
    expect(photo).toHaveAttribute("src", "/team/maya-sterling.svg");
    expect(photo).toHaveAttribute("width", "128");
    expect(photo).toHaveAttribute("height", "128");
    expect(screen.queryByText("MS")).not.toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("keeps the photo's size when initials replace a photo that failed to load, so nothing shifts", () => {
    render(<TeamPhoto name="Maya Sterling" src="/team/missing.svg" size={128} />);

    fireEvent.error(screen.getByRole("img", { name: "Maya Sterling" }));

    const fallback = screen.getByRole("img", { name: "Maya Sterling" });
    expect(fallback.tagName).not.toBe("IMG");
    expect(fallback).toHaveTextContent("MS");
    expect(fallback.parentElement).toHaveStyle({ width: "128px", height: "128px" });
  });

  it("shows the initials when the photo had already failed before hydration", () => {
    // A broken image that finished loading before React attached: complete, with no intrinsic size.
    jest.spyOn(HTMLImageElement.prototype, "complete", "get").mockReturnValue(true);
    jest.spyOn(HTMLImageElement.prototype, "naturalWidth", "get").mockReturnValue(0);

    render(<TeamPhoto name="rowan ashby" src="/team/missing.svg" size={128} />);

    expect(screen.getByRole("img", { name: "rowan ashby" })).toHaveTextContent("RA");
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0]?.join(" ")).toEqual(expect.stringContaining("/team/missing.svg"));
  });

  it("keeps an image that had already loaded before hydration", () => {
    jest.spyOn(HTMLImageElement.prototype, "complete", "get").mockReturnValue(true);
    jest.spyOn(HTMLImageElement.prototype, "naturalWidth", "get").mockReturnValue(320);

    render(<TeamPhoto name="Rowan Ashby" src="/team/rowan-ashby.svg" size={128} />);

    expect(screen.getByRole("img", { name: "Rowan Ashby" }).tagName).toBe("IMG");
    expect(consoleError).not.toHaveBeenCalled();
  });
});
