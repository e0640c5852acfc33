// The payer languages: every locale has every message of English, with the same arguments and
// tags (a translation cannot drop "{amount}"), each message parses and formats; the browser's
// languages pick the locale; amounts follow the locale's conventions without rounding.
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import ja from "@/messages/ja.json";
import pt from "@/messages/pt.json";
import zh from "@/messages/zh.json";
import { formatLocaleMoney } from "./format";
import { LOCALES, negotiateLocale, type PayerLocale, requestLocale } from "./locales";

const ALL = { en, es, pt, fr, de, zh, ja } as const;

type Tree = { [key: string]: string | Tree };
function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}
/** The arguments and tags of a message: "{amount}", "{count, plural…}" → count, "<strong>". */
function slots(message: string): string[] {
  const args = [...message.matchAll(/\{\s*([A-Za-z]\w*)\s*(?:[,}])/g)].map((m) => m[1]);
  const tags = [...message.matchAll(/<(\w+)>/g)].map((m) => `<${m[1]}>`);
  return [...new Set([...args, ...tags])].sort();
}

describe("payer messages", () => {
  const english = leaves(en as Tree);

  it("has one messages file per supported locale", () => {
    expect(Object.keys(ALL).sort()).toEqual([...LOCALES].sort());
  });

  for (const [locale, messages] of Object.entries(ALL)) {
    it(`${locale}: the same keys, arguments and tags as English, and every message formats`, () => {
      const own = leaves(messages as Tree);
      expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) expect(slots(own.get(key)!), `${locale} ${key}`).toEqual(slots(text));
      const t = createTranslator({ locale: locale as PayerLocale, messages: messages as typeof en });
      const values = { amount: "1 USDC", count: 2, network: "Base", token: "USDC", tx: "0x12…34", platform: "Acme" };
      for (const key of own.keys()) {
        if (key.startsWith("states.expiredText") || key.includes("connected") || key.startsWith("checkout.refused"))
          continue; // rich messages: rendered by the browser tests
        const out = (t as unknown as (k: string, v: object) => string)(key, {
          ...values,
          name: "N",
          number: 1,
          payable: 1,
          total: "2",
          wallet: "W",
          route: "R",
          fee: "F",
          what: "X",
          source: "S",
          label: "L",
          hash: "H",
          status: 400,
          reason: "R",
          masked: "••••1234",
          strong: (c: string) => c,
        });
        expect(out, `${locale} ${key}`).not.toMatch(/^(checkout|states|summary|crosschain|kyc)\./);
      }
    });
  }
  it("Spanish is not English: the main payer texts are translated", () => {
    for (const [locale, messages] of Object.entries(ALL)) {
      if (locale === "en") continue;
      expect(messages.summary.amountToPay, locale).not.toBe(en.summary.amountToPay);
      expect(messages.wallet.payWithWallet, locale).not.toBe(en.wallet.payWithWallet);
      expect(messages.receipt.completeTitle, locale).not.toBe(en.receipt.completeTitle);
    }
  });
});

describe("choosing the payer's language", () => {
  it("follows the browser's preference order and q values, by primary language", () => {
    expect(negotiateLocale("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(negotiateLocale("pt-BR")).toBe("pt");
    expect(negotiateLocale("zh-Hans-CN,zh;q=0.9")).toBe("zh");
    expect(negotiateLocale("nl-NL,fr;q=0.5,ja;q=0.7")).toBe("ja");
    expect(negotiateLocale("ko-KR")).toBe("en");
    expect(negotiateLocale("fr;q=0, es")).toBe("es");
    expect(negotiateLocale(null)).toBe("en");
  });
  it("prefers the remembered choice over the browser, ignoring unknown values", () => {
    expect(requestLocale("ja", "de-DE")).toBe("ja");
    expect(requestLocale("xx", "de-DE")).toBe("de");
    expect(requestLocale(undefined, null)).toBe("en");
  });
});

describe("amounts in the payer's language", () => {
  it("groups and marks decimals by locale, keeps every digit and the dollar cents", () => {
    expect(formatLocaleMoney("en", "1250.5", "USDC")).toBe("1,250.50\u00a0USDC");
    expect(formatLocaleMoney("de", "1250.5", "USDC")).toBe("1.250,50\u00a0USDC");
    expect(formatLocaleMoney("fr", "1250.5", "USDC")).toBe("1\u202f250,50\u00a0USDC");
    expect(formatLocaleMoney("ja", "0.000000000000000001", "ETH")).toBe("0.000000000000000001\u00a0ETH");
    expect(formatLocaleMoney("es", "12345678901234567890.123456", "DAI")).toBe(
      "12.345.678.901.234.567.890,123456\u00a0DAI",
    );
    expect(formatLocaleMoney("pt", "not a number", "USDC")).toBe("not a number\u00a0USDC");
  });
});
