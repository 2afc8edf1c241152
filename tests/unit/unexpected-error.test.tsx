import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { UnexpectedError } from "@/components/errors/unexpected-error";

describe("error boundary", () => {
  beforeEach(() => jest.spyOn(console, "error").mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("shows 'Unexpected Application Error!' and never the error's message or stack", () => {
    const error = Object.assign(new Error("secret internal detail"), { digest: "abc123" });
    render(<UnexpectedError error={error} reset={() => undefined} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Unexpected Application Error!");
    expect(document.body).not.toHaveTextContent("secret internal detail");
    expect(screen.getByText("Reference: abc123")).toBeInTheDocument();
  });

  it("logs the failure for the team", () => {
    render(<UnexpectedError error={Object.assign(new Error("boom"), { digest: "d1" })} reset={() => undefined} />);
    expect(console.error).toHaveBeenCalledWith("Unexpected application error", "d1");
  });

  it("lets the visitor try again", async () => {
    const reset = jest.fn();
    render(<UnexpectedError error={new Error("boom")} reset={reset} />);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it("offers a way back home", () => {
    render(<UnexpectedError error={new Error("boom")} reset={() => undefined} />);
    expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  });
});
