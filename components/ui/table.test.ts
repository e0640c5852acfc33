// Tables reflow into cards on phones, where each value is preceded by its column's title
// (data-label): every table gets them from its header row, whatever page wrote it.
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ListTable, Table, Td, Th } from "./table";

const labels = (html: string) => [...html.matchAll(/<td[^>]*?data-label="([^"]*)"/g)].map((m) => m[1]);

describe("tables on phones", () => {
  it("labels each cell of a plain table with its column's title, rows made by map included", () => {
    const rows = [
      ["Shop", "active", "1 active of 2"],
      ["Other", "revoked", "none"],
    ];
    const html = renderToStaticMarkup(
      h(Table, {
        label: "Client IDs",
        children: [
          h(
            "thead",
            { key: "h" },
            h("tr", null, h(Th, null, "Client ID"), h(Th, null, "Status"), h(Th, null, "Endpoints")),
          ),
          h(
            "tbody",
            { key: "b" },
            rows.map((r) => h("tr", { key: r[0] }, ...r.map((v) => h(Td, { key: v }, v)))),
          ),
        ],
      }),
    );
    expect(labels(html)).toEqual(["Client ID", "Status", "Endpoints", "Client ID", "Status", "Endpoints"]);
    expect(html).toContain(">none</td>");
  });

  it("keeps a label written on a cell, and gives none for a column titled only for screen readers", () => {
    const html = renderToStaticMarkup(
      h(Table, {
        label: "Links",
        children: [
          h(
            "thead",
            { key: "h" },
            h("tr", null, h(Th, null, "Amount"), h(Th, null, h("span", { className: "sr-only" }, "Actions"))),
          ),
          h("tbody", { key: "b" }, h("tr", null, h(Td, { label: "Total" }, "12.50 USDC"), h(Td, null, "Cancel"))),
        ],
      }),
    );
    expect(labels(html)).toEqual(["Total"]);
    expect(html).toMatch(/<td class="[^"]*">Cancel<\/td>/);
  });

  it("labels a list table's cells from its columns as before", () => {
    const html = renderToStaticMarkup(
      h(ListTable<string>, {
        label: "Keys",
        columns: ["Name", "Created"],
        rows: ["k1"],
        rowKey: (r: string) => r,
        children: (r: string) => [h(Td, { key: "a" }, r), h(Td, { key: "b" }, "today")],
      }),
    );
    expect(labels(html)).toEqual(["Name", "Created"]);
  });
});
