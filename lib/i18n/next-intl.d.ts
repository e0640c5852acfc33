// Typed messages: a key missing from messages/en.json, or a wrong argument, is a type error.
import type en from "../../messages/en.json";
import type { PayerLocale } from "./locales";

declare module "next-intl" {
  interface AppConfig {
    Locale: PayerLocale;
    Messages: typeof en;
  }
}
