// Settings: the platform profile, a business name and a logo shown as the merchant on the
// payment page and in the dashboard header (PATCH /v1/platform/profile). The logo is read in
// the browser as a data URL and checked again by the API (type, content, size).
"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-fields";
import type { PlatformProfileView } from "@/lib/platforms";
import { ApiRequestError, apiRequest, errorMessage } from "../api-client";

const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];
const MAX_LOGO_BYTES = 64 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

export function ProfileForm({ profile }: { profile: PlatformProfileView }) {
  const router = useRouter();
  const logoId = useId();
  const [businessName, setBusinessName] = useState(profile.businessName ?? "");
  const [logo, setLogo] = useState<string | null>(profile.logoUrl);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const apiError = error instanceof ApiRequestError ? error : null;

  async function chooseLogo(file: File | undefined) {
    setLogoProblem(null);
    setSaved(false);
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) return setLogoProblem("Choose a PNG, JPEG, WebP or GIF image.");
    if (file.size > MAX_LOGO_BYTES)
      return setLogoProblem(`The logo must be at most 64 kB (this one is ${Math.ceil(file.size / 1024)} kB).`);
    setLogo(await readAsDataUrl(file));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await apiRequest("PATCH", "/v1/platform/profile", {
        businessName: businessName.trim() === "" ? null : businessName,
        logo,
      });
      setSaved(true);
      router.refresh();
    } catch (err) {
      setError(err instanceof Error ? err : new Error(errorMessage(err)));
    } finally {
      setBusy(false);
    }
  }

  const nameError = apiError?.fieldError("businessName");
  const logoError = logoProblem ?? apiError?.fieldError("logo");
  return (
    <section aria-labelledby="profile-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="profile-title" className="text-lg font-semibold">
        Platform profile
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Payers see the business name and logo on the payment page (a client ID’s own branding logo takes precedence),
        and you see them here in the header.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-labelledby="profile-title">
        <TextField
          label="Business name"
          value={businessName}
          onChange={(e) => (setBusinessName(e.target.value), setSaved(false))}
          maxLength={100}
          hint={`Shown instead of “${profile.name}”. Leave empty to show that.`}
          error={nameError}
        />
        <div className="space-y-2">
          <label htmlFor={logoId} className="block text-sm font-medium text-slate-800">
            Logo
          </label>
          <div className="flex flex-wrap items-center gap-3">
            {logo && (
              // eslint-disable-next-line @next/next/no-img-element -- a data URL the person chose
              <img
                src={logo}
                alt="Logo preview"
                className="h-12 max-w-[12rem] rounded border border-slate-200 object-contain"
              />
            )}
            <input
              id={logoId}
              type="file"
              accept={LOGO_TYPES.join(",")}
              onChange={(e) => void chooseLogo(e.target.files?.[0])}
              aria-describedby={`${logoId}-hint`}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
            />
            {logo && (
              <Button type="button" variant="secondary" size="sm" onClick={() => (setLogo(null), setSaved(false))}>
                Remove logo
              </Button>
            )}
          </div>
          <p id={`${logoId}-hint`} className="text-xs text-slate-600">
            PNG, JPEG, WebP or GIF, at most 64 kB.
          </p>
          {logoError && (
            <p role="alert" className="text-sm text-red-700">
              {logoError}
            </p>
          )}
        </div>
        <FormError message={error && !nameError && !apiError?.fieldError("logo") ? errorMessage(error) : null} />
        <div className="flex items-center gap-3">
          <Button type="submit" busy={busy} busyLabel="Saving…" disabled={logoProblem !== null}>
            Save profile
          </Button>
          <p role="status" className="text-sm text-green-800">
            {saved ? "Saved." : ""}
          </p>
        </div>
      </form>
    </section>
  );
}
