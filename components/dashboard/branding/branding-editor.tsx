// The payment page's branding of one client ID: logo, five colours, terms and privacy links,
// and whether the service's name shows — with the page itself as a live preview beside the
// form. Saves through PUT /v2/client-ids/{id}/branding; "Use the default look" deletes it.
"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useMemo, useState } from "react";
import { ApiRequestError, apiRequest } from "@/components/dashboard/api-client";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-fields";
import { type BrandingForm, brandingBodyOf, brandingForm, COLOR_FIELDS, pickerValue } from "@/lib/dashboard/browser";
import { type BrandingInput, DEFAULT_COLORS, pageBranding, safeColor } from "@/lib/pay-page/browser";
import { BrandingPreview } from "./branding-preview";

const DEFAULTS: Record<(typeof COLOR_FIELDS)[number]["key"], string> = {
  pageBackgroundColor: DEFAULT_COLORS.page,
  cardBackgroundColor: DEFAULT_COLORS.card,
  primaryActionColor: DEFAULT_COLORS.action,
  primaryTextColor: DEFAULT_COLORS.text,
  secondaryTextColor: DEFAULT_COLORS.secondaryText,
};

/** Logos uploaded here are stored inline: the API takes PNG, JPEG, WebP or GIF up to 64 kB. */
const MAX_LOGO_BYTES = 64 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function BrandingEditor({
  client,
  stored,
  merchantName,
}: {
  client: { id: string; label: string };
  stored: BrandingInput | null;
  merchantName: string;
}) {
  const router = useRouter();
  const [form, setForm] = useState<BrandingForm>(() => brandingForm(stored));
  const [busy, setBusy] = useState<"save" | "reset" | null>(null);
  const [error, setError] = useState<ApiRequestError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const preview = useMemo(() => pageBranding({ ...brandingBodyOf(form) }), [form]);
  const set = (key: keyof BrandingForm, value: string | boolean) => {
    setNotice(null);
    setForm((f) => ({ ...f, [key]: value }));
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy("save");
    setError(null);
    try {
      await apiRequest("PUT", `/v2/client-ids/${client.id}/branding`, brandingBodyOf(form));
      setNotice("Saved. New and open payment links of this client ID show it from now on.");
      router.refresh();
    } catch (err) {
      setError(err instanceof ApiRequestError ? err : new ApiRequestError(0, "Saving failed. Try again."));
    } finally {
      setBusy(null);
    }
  }

  async function reset() {
    setBusy("reset");
    setError(null);
    try {
      await apiRequest("DELETE", `/v2/client-ids/${client.id}/branding`);
      setForm(brandingForm(null));
      setNotice("Branding removed: payment links of this client ID use the default look.");
      router.refresh();
    } catch (err) {
      setError(err instanceof ApiRequestError ? err : new ApiRequestError(0, "Removing failed. Try again."));
    } finally {
      setBusy(null);
    }
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    if (!/^image\/(png|jpeg|webp|gif)$/.test(file.type))
      return setError(
        new ApiRequestError(400, "The logo must be a PNG, JPEG, WebP or GIF image (or give an https URL)."),
      );
    if (file.size > MAX_LOGO_BYTES)
      return setError(
        new ApiRequestError(
          400,
          `The logo file is ${Math.ceil(file.size / 1024)} kB; at most 64 kB can be stored. Give an https URL instead.`,
        ),
      );
    setError(null);
    set("logoPath", await readAsDataUrl(file));
  }

  const fieldError = (k: string) => error?.fieldError(k);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <form
        aria-label="Payment page branding"
        onSubmit={save}
        className="space-y-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Logo</legend>
          <TextField
            label="Logo URL"
            value={form.logoPath.startsWith("data:") ? "" : form.logoPath}
            placeholder={form.logoPath.startsWith("data:") ? "Uploaded image" : "https://…"}
            onChange={(e) => set("logoPath", e.target.value)}
            hint="An https address of the image, or upload a small file below."
            error={fieldError("logoPath")}
          />
          <div className="flex flex-wrap items-center gap-2">
            <label className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus-within:outline-2 focus-within:outline-blue-700">
              Upload a logo
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                className="sr-only"
                onChange={(e) => void upload(e.target.files?.[0])}
              />
            </label>
            {form.logoPath && (
              <Button variant="ghost" size="sm" onClick={() => set("logoPath", "")}>
                Remove the logo
              </Button>
            )}
          </div>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Colours</legend>
          {COLOR_FIELDS.map(({ key, label }) => {
            const value = form[key];
            const invalid = value.trim() !== "" && !safeColor(value);
            return (
              <div key={key} className="flex items-end gap-2">
                <input
                  type="color"
                  aria-label={`${label} colour picker`}
                  value={pickerValue(value) ?? DEFAULTS[key]}
                  onChange={(e) => set(key, e.target.value)}
                  className="mb-0.5 h-9 w-11 shrink-0 cursor-pointer rounded border border-slate-300 bg-white"
                />
                <div className="min-w-0 flex-1">
                  <TextField
                    label={label}
                    value={value}
                    placeholder={DEFAULTS[key]}
                    onChange={(e) => set(key, e.target.value)}
                    error={fieldError(key) ?? (invalid ? "A hex colour: #RGB, #RRGGBB or #RRGGBBAA" : undefined)}
                  />
                </div>
              </div>
            );
          })}
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Links</legend>
          <TextField
            label="Terms link"
            type="url"
            value={form.termsPath}
            placeholder="https://…"
            onChange={(e) => set("termsPath", e.target.value)}
            error={fieldError("termsPath")}
          />
          <TextField
            label="Privacy link"
            type="url"
            value={form.privacyPath}
            placeholder="https://…"
            onChange={(e) => set("privacyPath", e.target.value)}
            error={fieldError("privacyPath")}
          />
        </fieldset>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4"
            checked={form.displayRequestBranding}
            onChange={(e) => set("displayRequestBranding", e.target.checked)}
          />
          <span>Show “Secure payment page by Stablelink” at the foot of the page</span>
        </label>
        <FormError
          message={error?.message}
          details={error?.otherErrors(["logoPath", "termsPath", "privacyPath", ...COLOR_FIELDS.map((f) => f.key)])}
        />
        {notice && (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {notice}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={busy === "save"} busyLabel="Saving…" disabled={busy !== null}>
            Save branding
          </Button>
          {stored && (
            <Button variant="secondary" onClick={() => void reset()} busy={busy === "reset"} disabled={busy !== null}>
              Use the default look
            </Button>
          )}
        </div>
      </form>
      <div className="min-w-0 space-y-2">
        <p className="text-sm font-medium text-slate-700">Live preview of {client.label}’s payment page</p>
        <BrandingPreview branding={preview} merchantName={merchantName} />
      </div>
    </div>
  );
}
