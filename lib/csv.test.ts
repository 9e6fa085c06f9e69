import { describe, expect, it } from "vitest";
import { csvField, csvRecord } from "./csv";

describe("CSV fields", () => {
  it("quotes a field with a comma, a quote or a line break, doubling its quotes (RFC 4180)", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rlf")).toBe('"cr\rlf"');
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(8453)).toBe("8453");
  });

  it("neutralises a cell a spreadsheet would read as a formula with a leading apostrophe", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tx")).toBe("'\tx");
    expect(csvField("\rx")).toBe(`"'\rx"`);
    // only the start counts
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField("12.50")).toBe("12.50");
  });

  it("ends a record with CRLF", () => {
    expect(csvRecord(["a", null, "b,c"])).toBe('a,,"b,c"\r\n');
  });
});
