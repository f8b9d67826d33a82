import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SearchField } from "./SearchField";

afterEach(cleanup);

describe("SearchField", () => {
  it("takes the focus when / is pressed on the page, without typing the slash", () => {
    render(<SearchField label="Search releases" value="" onChange={() => {}} />);
    const box = screen.getByRole("searchbox", { name: /Search releases/ });
    const pressed = fireEvent.keyDown(document.body, { key: "/" });
    expect(document.activeElement).toBe(box);
    expect(pressed).toBe(false);
    expect(box.getAttribute("aria-keyshortcuts")).toBe("/");
  });

  it("leaves / alone while another field is being typed in", () => {
    render(
      <>
        <input aria-label="Other" />
        <SearchField label="Search releases" value="" onChange={() => {}} />
      </>,
    );
    const other = screen.getByLabelText("Other");
    other.focus();
    expect(fireEvent.keyDown(other, { key: "/" })).toBe(true);
    expect(document.activeElement).toBe(other);
  });

  it("reports what is typed", () => {
    const onChange = vi.fn();
    render(<SearchField label="Search releases" value="" onChange={onChange} />);
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "qwen" } });
    expect(onChange).toHaveBeenCalledWith("qwen");
  });

  it("keeps every key typed while the value it reports has not come back yet", () => {
    const { rerender } = render(<SearchField label="Search releases" value="" onChange={() => {}} />);
    const box = screen.getByRole("searchbox") as HTMLInputElement;
    fireEvent.change(box, { target: { value: "q" } });
    fireEvent.change(box, { target: { value: "qw" } });
    expect(box.value).toBe("qw");
    rerender(<SearchField label="Search releases" value="" onChange={() => {}} />);
    expect(box.value).toBe("qw");
  });

  it("shows a value changed from outside, such as going back", () => {
    const { rerender } = render(<SearchField label="Search releases" value="qwen" onChange={() => {}} />);
    rerender(<SearchField label="Search releases" value="glm" onChange={() => {}} />);
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("glm");
  });
});
