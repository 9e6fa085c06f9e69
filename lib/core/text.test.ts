import { describe, expect, it } from "vitest";
import { hasUnreadable, printable } from "./text";

describe("text people read", () => {
  it("finds controls and bidirectional overrides, and nothing in ordinary names of any script", () => {
    for (const bad of [
      "A\x1b[2J",
      "clip\x1b]52;c;aGk=\x07",
      "Acme\u202Emoc.live",
      "a\u2066b",
      "tab\there",
      "new\nline",
      "\u0085",
      "\x7f",
      "\u200f",
    ]) {
      expect(hasUnreadable(bad)).toBe(true);
    }
    for (const good of ["Acme Ltd.", "Café Zoë", "株式会社", "شركة", "Straße & Söhne", "🍕 Pizza"]) expect(hasUnreadable(good)).toBe(false);
  });

  it("writes each as a visible escape and leaves the rest as it is", () => {
    expect(printable("A\x1b]52;c;aGk=\x07B")).toBe("A\\x1b]52;c;aGk=\\x07B");
    expect(printable("Acme\u202Emoc")).toBe("Acme\\u202emoc");
    expect(printable("Café\u0085")).toBe("Café\\x85");
    expect(printable("Café Zoë 株式会社")).toBe("Café Zoë 株式会社");
  });
});
