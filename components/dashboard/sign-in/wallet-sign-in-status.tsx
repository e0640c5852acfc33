// Under every wallet sign-in control: the step in words (announced as it changes), then the
// error, from useWalletSignIn. A fragment: the two stand in the control's own spacing.
import { FormError } from "@/components/ui/form-fields";

export function WalletSignInStatus({ step, error }: { step: string; error: string | null }) {
  return (
    <>
      <p aria-live="polite" className="text-sm text-slate-600">
        {step}
      </p>
      <FormError message={error} />
    </>
  );
}
