import { ResetPasswordForm } from "@/components/dashboard/sign-in/reset-password-form";

export const metadata = { title: "Choose a new password" };

export default function ResetPasswordPage() {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Choose a new password</h1>
      <ResetPasswordForm />
    </main>
  );
}
