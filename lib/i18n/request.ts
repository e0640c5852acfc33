// next-intl's request configuration (next.config.ts names this file): the locale of the request
// (lib/i18n/locales.ts) and its messages. Times are written in UTC on the server and in the
// browser alike, so both renders agree.
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, requestLocale } from "./locales";

export default getRequestConfig(async () => {
  const locale = requestLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
  return {
    locale,
    timeZone: "UTC",
    messages: (await import(`../../messages/${locale}.json`)).default,
  };
});
